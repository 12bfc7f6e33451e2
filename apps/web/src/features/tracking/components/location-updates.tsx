import { List, Text } from '@mantine/core';
import type { TrackResult } from '@waybill/domain';
import { formatDateTime } from '../../../lib/format-date.ts';

/** Every location update, newest first, with its time and place. */
export function LocationUpdates({ updates }: { updates: TrackResult['locationUpdates'] }) {
  if (updates.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No updates have been recorded yet.
      </Text>
    );
  }
  const newestFirst = [...updates].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp));
  return (
    <List spacing="xs" listStyleType="none" p={0} aria-label="Location updates">
      {newestFirst.map((update) => (
        <List.Item key={`${update.timestamp}-${update.location}`}>
          <Text size="sm" fw={500}>
            {update.location}
          </Text>
          <Text size="xs" c="dimmed" component="time" dateTime={update.timestamp}>
            {formatDateTime(update.timestamp)}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
