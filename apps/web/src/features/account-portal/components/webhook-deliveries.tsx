import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { WebhookDelivery } from '@waybill/domain';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeliveries, useResendDelivery } from '../api/webhooks.ts';
import { DELIVERY_RESENT, WEBHOOK_FAILED } from '../messages.ts';

const STATUS_COLOUR = { pending: 'yellow.4', succeeded: 'green', failed: 'red' } as const;

function DeliveryRow({ endpointId, delivery }: { endpointId: string; delivery: WebhookDelivery }) {
  const resend = useResendDelivery();
  const when = delivery.deliveredAt ?? delivery.lastAttemptAt ?? delivery.createdAt;
  return (
    <Paper withBorder p="xs" radius="sm" component="li">
      <Group justify="space-between" gap="xs" align="center">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text size="sm" ff="monospace" fw={600}>
              {delivery.eventType}
            </Text>
            <Badge variant="dot" tt="none" color={STATUS_COLOUR[delivery.status]}>
              {delivery.status}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {delivery.trackingCode} · answer {delivery.responseStatus ?? 'none'} · {formatDateTime(when)}
            {delivery.attempts > 1 ? ` · ${delivery.attempts} attempts` : ''}
          </Text>
          {delivery.lastError && delivery.status !== 'succeeded' ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {delivery.lastError}
            </Text>
          ) : null}
        </div>
        {delivery.status === 'pending' ? null : (
          <Button
            variant="default"
            size="xs"
            loading={resend.isPending}
            aria-label={`Resend ${delivery.eventType} of ${delivery.trackingCode}`}
            onClick={() =>
              resend.mutate(
                { endpointId, deliveryId: delivery.id },
                {
                  onSuccess: () => notifySuccess({ title: DELIVERY_RESENT, message: delivery.eventType }),
                  onError: (error) => notifyError({ title: WEBHOOK_FAILED, message: error.message }),
                },
              )
            }
          >
            Resend
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** An endpoint's newest deliveries: event, status, answer code and time, each with Resend once it is settled. */
export function WebhookDeliveries({ endpointId }: { endpointId: string }) {
  const deliveries = useDeliveries(endpointId, true);
  if (deliveries.isPending) return <Skeleton height={48} radius="sm" />;
  if (deliveries.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title="The deliveries could not be loaded">
        {deliveries.error.message}
      </Alert>
    );
  }
  if (deliveries.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No deliveries yet: one is made for each event of a shipment that this endpoint takes.
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Deliveries">
      {deliveries.data.map((delivery) => (
        <DeliveryRow key={delivery.id} endpointId={endpointId} delivery={delivery} />
      ))}
    </Stack>
  );
}
