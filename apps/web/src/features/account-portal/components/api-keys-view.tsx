import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { type ApiKey, type CreateApiKeyInput, type CreatedApiKey, createApiKeySchema } from '@waybill/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys.ts';
import { KEY_CREATED, KEY_FAILED, KEY_REVOKED } from '../messages.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { ShownOnce } from './shown-once.tsx';

function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const form = useForm<CreateApiKeyInput>({ resolver: zodResolver(createApiKeySchema), defaultValues: { name: '' } });
  const create = useCreateApiKey();
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(({ name }) =>
        create.mutate(name, {
          onSuccess: (key) => {
            notifySuccess({ title: KEY_CREATED, message: key.name });
            form.reset();
            onCreated(key);
          },
          onError: (error) => notifyError({ title: KEY_FAILED, message: error.message }),
        }),
      )}
    >
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Key name"
          description="Where it is used, e.g. “Web shop”."
          required
          error={form.formState.errors.name?.message}
          style={{ flex: 1, minWidth: '12rem' }}
          {...form.register('name')}
        />
        <Button type="submit" loading={create.isPending}>
          Create key
        </Button>
      </Group>
    </form>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  return (
    <Paper withBorder p="sm" radius="md" component="li" aria-label={apiKey.name}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{apiKey.name}</Text>
            {apiKey.revokedAt ? (
              <Badge color="gray" variant="dot" tt="none">
                Revoked
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" ff="monospace">
            {apiKey.prefix}…
          </Text>
          <Text size="sm" c="dimmed">
            Created {formatDateTime(apiKey.createdAt)} · Last used{' '}
            {apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : 'never'}
          </Text>
        </div>
        {apiKey.revokedAt ? null : (
          <Button
            variant="default"
            color="red"
            size="xs"
            onClick={() => onRevoke(apiKey)}
            aria-label={`Revoke ${apiKey.name}`}
          >
            Revoke
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** The account's API keys for /api/v1: the list, a new one (shown once), revoking with a confirmation. */
export function ApiKeysView() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        Your systems call the Waybill API with a key:{' '}
        <Text span ff="monospace">
          Authorization: Bearer wb_live_…
        </Text>
        . The reference is at{' '}
        <Anchor href="/api/v1/docs" underline="always">
          /api/v1/docs
        </Anchor>
        .
      </Text>
      {created ? <ShownOnce title={`Your new key “${created.name}”`} secret={created.key} /> : null}
      <CreateKeyForm onCreated={setCreated} />
      <Title order={2} size="h4">
        Keys
      </Title>
      {keys.isPending ? (
        <Skeleton height={72} radius="md" />
      ) : keys.isError ? (
        <Alert color="red" variant="light" role="alert" title="The keys could not be loaded">
          {keys.error.message}
        </Alert>
      ) : keys.data.length === 0 ? (
        <Text c="dimmed">No API keys yet.</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="API keys">
          {keys.data.map((apiKey) => (
            <KeyRow key={apiKey.id} apiKey={apiKey} onRevoke={setRevoking} />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke this key?"
        message={`“${revoking?.name ?? ''}” stops working at once, for every request that uses it. This cannot be undone.`}
        confirmLabel="Revoke key"
        loading={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.id, {
            onSuccess: (key) => {
              notifySuccess({ title: KEY_REVOKED, message: key.name });
              setRevoking(null);
              if (created?.id === key.id) setCreated(null);
            },
            onError: (error) => notifyError({ title: KEY_FAILED, message: error.message }),
          });
        }}
      />
    </Stack>
  );
}
