import { Group, Stack, Text } from '@mantine/core';
import { IconHomeX, IconTruckDelivery, IconTruckReturn } from '@tabler/icons-react';
import { describeAttempt, describeStopsAway, type TrackResult } from '@waybill/domain';

/**
 * The road as the recipient sees it: while the package is out on today's run, how many stops away the
 * courier is (a polite live region, as the page refreshes it), and the latest failed delivery attempt
 * with what happens next. Never the driver, where they are or the other stops: the answer has none.
 */
export function RoadStatus({ result }: { result: Pick<TrackResult, 'attempt' | 'stopsAway'> }) {
  const { attempt, stopsAway } = result;
  const counting = stopsAway !== null && stopsAway !== undefined;
  if (!counting && !attempt) return null;
  return (
    <Stack gap="xs">
      {counting ? (
        <Group gap="xs" wrap="nowrap" role="status" data-testid="tracking-stops-away">
          <IconTruckDelivery size={18} aria-hidden style={{ flexShrink: 0 }} />
          <Text fw={600}>{describeStopsAway(stopsAway)}</Text>
        </Group>
      ) : null}
      {attempt ? (
        <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="tracking-attempt">
          {attempt.returning ? (
            <IconTruckReturn size={18} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
          ) : (
            <IconHomeX size={18} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
          )}
          <Text fw={500}>{describeAttempt(attempt)}</Text>
        </Group>
      ) : null}
    </Stack>
  );
}
