import { Badge, Text, Timeline } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { trackingView } from '@waybill/domain';

/** The seven customer stages: done ones ticked, the current one marked, the rest still to come. */
export function TrackingTimeline({ status }: { status: string }) {
  const { stages } = trackingView(status);
  const active = stages.findLastIndex((stage) => stage.state !== 'upcoming');
  return (
    // Mantine draws the timeline with divs; the roles let assistive technology read it as the ordered list it is.
    <Timeline active={active} bulletSize={22} lineWidth={2} role="list" aria-label="Delivery stages">
      {stages.map(({ stage, state }) => (
        <Timeline.Item
          key={stage}
          role="listitem"
          data-state={state}
          aria-current={state === 'current' ? 'step' : undefined}
          bullet={state === 'done' ? <IconCheck size={12} aria-hidden /> : null}
          title={
            <Text size="sm" fw={state === 'current' ? 700 : 500} c={state === 'upcoming' ? 'dimmed' : undefined}>
              {stage}{' '}
              {state === 'current' && (
                <Badge component="span" size="xs" variant="light" ml={4}>
                  Current
                </Badge>
              )}
            </Text>
          }
        />
      ))}
    </Timeline>
  );
}
