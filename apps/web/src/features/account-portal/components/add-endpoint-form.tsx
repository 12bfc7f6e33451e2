import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  type CreateWebhookEndpointInput,
  createWebhookEndpointSchema,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpointWithSecret,
} from '@waybill/domain';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAddEndpoint } from '../api/webhooks.ts';
import { ENDPOINT_ADDED, WEBHOOK_FAILED } from '../messages.ts';

interface EndpointValues {
  url: string;
  description: string;
  events: string[];
}

const resolver = zodResolver(createWebhookEndpointSchema) as unknown as Resolver<
  EndpointValues,
  unknown,
  CreateWebhookEndpointInput
>;

/** A new endpoint: its URL, what it is for, and which shipment events it takes (all ticked to start with). */
export function AddEndpointForm({ onAdded }: { onAdded: (endpoint: WebhookEndpointWithSecret) => void }) {
  const form = useForm<EndpointValues, unknown, CreateWebhookEndpointInput>({
    resolver,
    defaultValues: { url: '', description: '', events: [...WEBHOOK_EVENT_TYPES] },
  });
  const { errors } = form.formState;
  const add = useAddEndpoint();

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) =>
        add.mutate(values, {
          onSuccess: (endpoint) => {
            notifySuccess({ title: ENDPOINT_ADDED, message: endpoint.url });
            form.reset();
            onAdded(endpoint);
          },
          onError: (error) => {
            notifyError({ title: WEBHOOK_FAILED, message: error.message });
            if (error instanceof ApiError && error.errors.url) form.setError('url', { message: error.errors.url });
          },
        }),
      )}
    >
      <Stack gap="sm">
        <TextInput
          label="Endpoint URL"
          placeholder="https://shop.example/webhooks/waybill"
          type="url"
          required
          error={errors.url?.message}
          {...form.register('url')}
        />
        <TextInput
          label="Description"
          description="Optional."
          error={errors.description?.message}
          {...form.register('description')}
        />
        <Controller
          control={form.control}
          name="events"
          render={({ field }) => (
            <Checkbox.Group
              label="Events"
              description="The shipment events this endpoint is called for."
              required
              value={field.value}
              onChange={field.onChange}
              error={errors.events?.message}
            >
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
                {WEBHOOK_EVENT_TYPES.map((type) => (
                  <Checkbox key={type} value={type} label={type} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          )}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending}>
            Add endpoint
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
