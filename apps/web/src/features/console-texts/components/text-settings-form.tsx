import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  JOURNEY_TEXT_KINDS,
  TEXT_KIND_LABELS,
  type TextSettings,
  type TextSettingsInput,
  TOAST_MS,
  textSettingsInputSchema,
} from '@waybill/domain';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useTextSettings, useUpdateTextSettings } from '../api/text-settings.ts';

const resolver = zodResolver(textSettingsInputSchema) as unknown as Resolver<
  TextSettingsInput,
  unknown,
  TextSettingsInput
>;

/** Every zone the browser knows, for the time zone's list (the saved one kept even if it does not). */
function timeZones(saved: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(saved) ? known : [saved, ...known];
}

const toInput = ({ provider: _provider, ...settings }: TextSettings): TextSettingsInput => settings;

/** "21:00–07:00 in Africa/Lagos", or that there are none. */
export function describeQuietHours(settings: Pick<TextSettings, 'quietStart' | 'quietEnd' | 'timeZone'>): string {
  return settings.quietStart === settings.quietEnd
    ? `No quiet hours (${settings.timeZone})`
    : `${settings.quietStart}–${settings.quietEnd} in ${settings.timeZone}`;
}

function SettingsForm({ settings, isAdmin }: { settings: TextSettings; isAdmin: boolean }) {
  const form = useForm<TextSettingsInput, unknown, TextSettingsInput>({ resolver, defaultValues: toInput(settings) });
  const update = useUpdateTextSettings();
  const { errors } = form.formState;
  const busy = form.formState.isSubmitting || update.isPending;
  const readOnly = !isAdmin;

  async function submit(input: TextSettingsInput) {
    try {
      const saved = await update.mutateAsync(input);
      form.reset(toInput(saved));
      notifySuccess({
        title: 'Text settings saved',
        message: describeQuietHours(saved),
        autoClose: TOAST_MS.contactDetailsSuccess,
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
      notifyError({
        title: 'Error saving the text settings',
        message: error instanceof Error ? error.message : String(error),
        autoClose: TOAST_MS.error,
      });
      if (error instanceof ApiError) {
        for (const [name, message] of Object.entries(error.errors)) {
          form.setError(name as keyof TextSettingsInput, { type: 'server', message });
        }
      }
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} aria-label="Text settings">
      <Stack gap="md">
        <Fieldset legend="Quiet hours" variant="unstyled">
          <Text size="sm" mb="xs">
            A text made in quiet hours waits for their end; one that cannot go within 24 hours is dropped. The same
            start and end: no quiet hours.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Controller
              control={form.control}
              name="timeZone"
              render={({ field, fieldState }) => (
                <Select
                  label="Time zone"
                  data={timeZones(settings.timeZone)}
                  searchable
                  limit={50}
                  allowDeselect={false}
                  readOnly={readOnly}
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
            <TextInput
              type="time"
              label="Quiet from"
              readOnly={readOnly}
              error={errors.quietStart?.message}
              {...form.register('quietStart')}
            />
            <TextInput
              type="time"
              label="Quiet until"
              readOnly={readOnly}
              error={errors.quietEnd?.message}
              {...form.register('quietEnd')}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Texts sent to the receiver" variant="unstyled">
          <Stack gap="xs">
            {JOURNEY_TEXT_KINDS.map((kind) => (
              <Controller
                key={kind}
                control={form.control}
                name={`kinds.${kind}`}
                render={({ field, fieldState }) => (
                  <Checkbox
                    label={TEXT_KIND_LABELS[kind]}
                    name={field.name}
                    ref={field.ref}
                    checked={field.value}
                    disabled={readOnly}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
            ))}
          </Stack>
        </Fieldset>
        {isAdmin ? (
          <Group justify="flex-end">
            <Button type="submit" loading={busy} disabled={!form.formState.isDirty}>
              Save text settings
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Only an admin can change these settings.
          </Text>
        )}
      </Stack>
    </form>
  );
}

/**
 * Quiet hours, their time zone and which texts go: a form for admins, read-only for operators. Without
 * SMS_PROVIDER it says that no text is sent; the settings can be made ready all the same.
 */
export function TextSettingsPanel({ isAdmin }: { isAdmin: boolean }) {
  const settings = useTextSettings();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="text-settings-title">
      <Title order={2} size="h3" id="text-settings-title" mb="sm">
        Text settings
      </Title>
      {settings.isPending ? (
        <Skeleton height={160} />
      ) : settings.isError ? (
        <Alert color="red" variant="light" title="Could not load the text settings">
          {settings.error.message}
        </Alert>
      ) : (
        <Stack gap="md">
          {settings.data.provider === null && (
            <Alert variant="light" color="yellow" title="Texts are off">
              No text is sent until the server is started with SMS_PROVIDER (twilio or africastalking). These settings
              can be made ready before.
            </Alert>
          )}
          <SettingsForm key={JSON.stringify(settings.data)} settings={settings.data} isAdmin={isAdmin} />
        </Stack>
      )}
    </Paper>
  );
}
