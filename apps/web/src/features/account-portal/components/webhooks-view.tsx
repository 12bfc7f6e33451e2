import { Alert, Badge, Button, Card, Collapse, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { WebhookEndpoint, WebhookEndpointWithSecret } from '@waybill/domain';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteEndpoint, useEndpoints, useRotateSecret, useUpdateEndpoint } from '../api/webhooks.ts';
import { ENDPOINT_CHANGED, ENDPOINT_DELETED, ROTATE_NOTE, SECRET_ROTATED, WEBHOOK_FAILED } from '../messages.ts';
import { AddEndpointForm } from './add-endpoint-form.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { ShownOnce } from './shown-once.tsx';
import { WebhookDeliveries } from './webhook-deliveries.tsx';

type Confirming = { kind: 'delete' | 'rotate'; endpoint: WebhookEndpoint } | null;

function EndpointCard({
  endpoint,
  onConfirm,
}: {
  endpoint: WebhookEndpoint;
  onConfirm: (confirming: NonNullable<Confirming>) => void;
}) {
  const update = useUpdateEndpoint();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const deliveriesId = `deliveries-${endpoint.id}`;
  return (
    <Card withBorder radius="md" padding="md" component="li" aria-label={endpoint.url}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text fw={600} ff="monospace" size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0, flex: 1 }}>
            {endpoint.url}
          </Text>
          <Badge color={endpoint.enabled ? 'green' : 'gray'} variant="dot" tt="none">
            {endpoint.enabled ? 'On' : 'Off'}
          </Badge>
        </Group>
        {endpoint.description ? <Text size="sm">{endpoint.description}</Text> : null}
        {endpoint.disabledReason ? (
          <Text size="sm" c="var(--mantine-color-error)">
            {endpoint.disabledReason}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          {endpoint.events.join(', ')}
        </Text>
        {endpoint.previousSecretExpiresAt ? (
          <Text size="xs" c="dimmed">
            The previous secret signs too until {formatDateTime(endpoint.previousSecretExpiresAt)}.
          </Text>
        ) : null}
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            loading={update.isPending}
            onClick={() =>
              update.mutate(
                { id: endpoint.id, enabled: !endpoint.enabled },
                {
                  onSuccess: (changed) =>
                    notifySuccess({
                      title: ENDPOINT_CHANGED,
                      message: `${changed.url} is ${changed.enabled ? 'on' : 'off'}.`,
                    }),
                  onError: (error) => notifyError({ title: WEBHOOK_FAILED, message: error.message }),
                },
              )
            }
          >
            {endpoint.enabled ? 'Turn off' : 'Turn on'}
          </Button>
          <Button variant="default" size="xs" onClick={() => onConfirm({ kind: 'rotate', endpoint })}>
            Rotate secret
          </Button>
          <Button
            variant="default"
            size="xs"
            aria-expanded={showDeliveries}
            aria-controls={deliveriesId}
            onClick={() => setShowDeliveries((shown) => !shown)}
          >
            {showDeliveries ? 'Hide deliveries' : 'Deliveries'}
          </Button>
          <Button variant="default" color="red" size="xs" onClick={() => onConfirm({ kind: 'delete', endpoint })}>
            Delete
          </Button>
        </Group>
        <Collapse expanded={showDeliveries} id={deliveriesId}>
          {showDeliveries ? <WebhookDeliveries endpointId={endpoint.id} /> : null}
        </Collapse>
      </Stack>
    </Card>
  );
}

/** The account's webhook endpoints: add one (its secret shown once), turn on or off, rotate, delete, deliveries. */
export function WebhooksView() {
  const endpoints = useEndpoints();
  const remove = useDeleteEndpoint();
  const rotate = useRotateSecret();
  const [secret, setSecret] = useState<{ title: string; secret: string; note?: string } | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);

  const shown = (endpoint: WebhookEndpointWithSecret, title: string, note?: string) =>
    setSecret({ title, secret: endpoint.secret, note });

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        Waybill calls your endpoints when your shipments move, signed as the Standard Webhooks spec describes
        (webhook-id, webhook-timestamp, webhook-signature). Failed calls are retried for a day.
      </Text>
      {secret ? <ShownOnce title={secret.title} secret={secret.secret} note={secret.note} /> : null}
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm">
          Add an endpoint
        </Title>
        <AddEndpointForm onAdded={(endpoint) => shown(endpoint, `Signing secret of ${endpoint.url}`)} />
      </Paper>
      <Title order={2} size="h4">
        Endpoints
      </Title>
      {endpoints.isPending ? (
        <Skeleton height={120} radius="md" />
      ) : endpoints.isError ? (
        <Alert color="red" variant="light" role="alert" title="The endpoints could not be loaded">
          {endpoints.error.message}
        </Alert>
      ) : endpoints.data.length === 0 ? (
        <Text c="dimmed">No endpoints yet.</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Endpoints">
          {endpoints.data.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} onConfirm={setConfirming} />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming?.kind === 'rotate'}
        title="Rotate the signing secret?"
        message={`A new secret is made and shown once. ${ROTATE_NOTE}`}
        confirmLabel="Rotate secret"
        loading={rotate.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          if (!confirming) return;
          rotate.mutate(confirming.endpoint.id, {
            onSuccess: (endpoint) => {
              notifySuccess({ title: SECRET_ROTATED, message: endpoint.url });
              shown(endpoint, `New signing secret of ${endpoint.url}`, ROTATE_NOTE);
              setConfirming(null);
            },
            onError: (error) => notifyError({ title: WEBHOOK_FAILED, message: error.message }),
          });
        }}
      />
      <ConfirmDialog
        opened={confirming?.kind === 'delete'}
        title="Delete this endpoint?"
        message={`${confirming?.endpoint.url ?? ''} is no longer called, and its deliveries are deleted with it.`}
        confirmLabel="Delete endpoint"
        loading={remove.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          if (!confirming) return;
          remove.mutate(confirming.endpoint.id, {
            onSuccess: () => {
              notifySuccess({ title: ENDPOINT_DELETED, message: confirming.endpoint.url });
              setConfirming(null);
            },
            onError: (error) => notifyError({ title: WEBHOOK_FAILED, message: error.message }),
          });
        }}
      />
    </Stack>
  );
}
