import { Alert, List, Text } from '@mantine/core';
import type { DriverEventType } from '@waybill/domain';
import type { OutboxAction } from '../outbox/outbox-db.ts';

const ACTION_NAME: Record<DriverEventType, string> = {
  loaded: 'Loaded',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  attempt_failed: 'Could not deliver',
  note: 'Note',
};

/** What the server would not take, and why (a stop given to another driver, a package delivered already). */
export function RefusedActions({ actions }: { actions: OutboxAction[] }) {
  const refused = actions.filter((action) => action.state === 'refused' || action.imagesState === 'refused');
  if (refused.length === 0) return null;
  return (
    <Alert color="red" variant="light" title="Not accepted by the server" role="alert">
      <List size="sm" spacing={4}>
        {refused.map((action) => (
          <List.Item key={action.id}>
            <Text size="sm" span fw={600}>
              {ACTION_NAME[action.event.type as DriverEventType] ?? action.event.type} · {action.event.trackingCode}
            </Text>
            <Text size="sm" span>
              {`: ${action.message ?? 'refused'}`}
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
