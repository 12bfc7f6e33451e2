import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { StopProgress } from '../stop-progress.ts';
import classes from './driver.module.css';
import { StateBadge } from './stop-card.tsx';

/** Every stop of the run in order, each opening its stop. */
export function StopList({
  progress,
  current,
  onOpen,
}: {
  progress: StopProgress[];
  current: number;
  onOpen: (index: number) => void;
}) {
  return (
    <Stack gap={6} component="ol" className={classes.list} aria-label="Stops">
      {progress.map((entry, index) => (
        <li key={entry.stop.trackingCode}>
          <UnstyledButton
            className={classes.stopRow}
            data-current={index === current || undefined}
            aria-current={index === current ? 'step' : undefined}
            onClick={() => onOpen(index)}
          >
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} truncate>
                  {entry.stop.position}. {entry.stop.receiverName}
                </Text>
                <Text size="sm" c="dimmed" truncate>
                  {entry.stop.destination}
                </Text>
              </div>
              <StateBadge state={entry.state} />
            </Group>
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  );
}
