import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import {
  type AttentionRules,
  type AttentionSettingsInput,
  attentionSettingsInputSchema,
  describeAttentionReason,
} from '@waybill/domain';
import { type FormEvent, useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAttentionSettings, useUpdateAttentionSettings } from '../api/attention-settings.ts';

type Field = keyof AttentionSettingsInput;
type Values = Record<Field, string>;

const FIELDS: { name: Field; label: string; description: string }[] = [
  { name: 'pendingHours', label: 'Pending for more than (hours)', description: '1 to 8760' },
  { name: 'staleHours', label: 'No update for more than (hours)', description: '1 to 8760' },
  {
    name: 'lateHours',
    label: 'Past the estimated delivery by more than (hours)',
    description: '0 to 8760; 0: at once',
  },
];

const textOf = (rules: AttentionRules): Values => ({
  pendingHours: String(rules.pendingHours),
  staleHours: String(rules.staleHours),
  lateHours: String(rules.lateHours),
});

/** "Pending for over 24 hours, no update for over 48 hours, or past its estimated delivery." */
export function describeAttentionRules(rules: AttentionRules): string {
  const [pending, stale, late] = (['pending', 'stale', 'late'] as const).map((reason) =>
    describeAttentionReason(reason, rules),
  );
  return `${pending}, ${stale!.charAt(0).toLowerCase()}${stale!.slice(1)}, or ${late!.charAt(0).toLowerCase()}${late!.slice(1)}.`;
}

/**
 * What "Needs attention" means, with the hours in force, beside the filter that uses them; an admin
 * changes the hours here (the server refuses an operator, who sees them read-only).
 */
export function AttentionRulesPanel({ canEdit }: { canEdit: boolean }) {
  const settings = useAttentionSettings();
  const update = useUpdateAttentionSettings();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Values | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  function open(rules: AttentionRules) {
    setValues(textOf(rules));
    setErrors({});
    setEditing(true);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!values) return;
    const parsed = attentionSettingsInputSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as Field;
        found[name] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: (saved) => {
        setEditing(false);
        notifySuccess({ title: 'Needs attention hours saved', message: describeAttentionRules(saved) });
      },
      onError: (error) => notifyError({ title: 'Error saving the hours', message: error.message }),
    });
  }

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="Needs attention rules">
      {settings.isPending ? (
        <Skeleton height={20} />
      ) : settings.isError ? (
        <Text size="sm">Could not load the rules: {settings.error.message}</Text>
      ) : (
        <Stack gap="xs">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm">
              <Text component="span" fw={600} size="sm">
                Needs attention:{' '}
              </Text>
              {describeAttentionRules(settings.data)}
            </Text>
            {canEdit ? (
              editing ? null : (
                <Button variant="default" size="xs" onClick={() => open(settings.data)}>
                  Change hours
                </Button>
              )
            ) : (
              <Text size="xs" c="dimmed">
                Only an admin can change these hours.
              </Text>
            )}
          </Group>
          {canEdit && editing ? (
            <form onSubmit={submit} noValidate aria-label="Needs attention hours">
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                {FIELDS.map((field) => (
                  <TextInput
                    key={field.name}
                    label={field.label}
                    description={field.description}
                    inputMode="numeric"
                    value={values?.[field.name] ?? ''}
                    error={errors[field.name]}
                    onChange={(event) => {
                      const next = event.currentTarget.value;
                      setValues((current) => (current ? { ...current, [field.name]: next } : current));
                    }}
                  />
                ))}
              </SimpleGrid>
              <Group gap="xs" mt="sm">
                <Button type="submit" size="xs" loading={update.isPending}>
                  Save hours
                </Button>
                <Button variant="default" size="xs" onClick={() => setEditing(false)} disabled={update.isPending}>
                  Cancel
                </Button>
              </Group>
            </form>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}
