import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { AUDIT_ACTIONS } from '@waybill/domain';
import { type FormEvent, useEffect, useState } from 'react';
import { actionLabel } from '../../../lib/describe-audit-entry.ts';
import type { AuditFilter } from '../api/list-audit.ts';

export type ActivityFilterFields = Omit<AuditFilter, 'page' | 'show'>;

export const NO_ACTIVITY_FILTER: ActivityFilterFields = { actor: '', action: '', target: '', from: '', to: '' };

const ACTION_OPTIONS = AUDIT_ACTIONS.map((action) => ({ value: action, label: `${actionLabel(action)} (${action})` }));

interface ActivityFiltersProps {
  value: ActivityFilterFields;
  /** Called with every field when the form is applied or cleared; the page resets to the first. */
  onApply: (next: ActivityFilterFields) => void;
}

/** Person, action, tracking code and dates of the Activity page; applied together, as the address holds them. */
export function ActivityFilters({ value, onApply }: ActivityFiltersProps) {
  const [draft, setDraft] = useState(value);
  // The address can change under the form (back, a shared link): show what is applied.
  useEffect(() => setDraft(value), [value]);

  const set = (name: keyof ActivityFilterFields) => (next: string) =>
    setDraft((current) => ({ ...current, [name]: next }));
  const reversed = draft.from !== '' && draft.to !== '' && draft.from > draft.to;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reversed) onApply({ ...draft, actor: draft.actor.trim(), target: draft.target.trim() });
  }

  return (
    <form onSubmit={submit} aria-label="Filter the activity">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
        <TextInput
          label="Person"
          placeholder="E-mail or id"
          value={draft.actor}
          maxLength={254}
          onChange={(event) => set('actor')(event.currentTarget.value)}
        />
        <Select
          label="Action"
          placeholder="Any action"
          data={ACTION_OPTIONS}
          value={draft.action || null}
          onChange={(next) => set('action')(next ?? '')}
          clearable
          searchable
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label="Tracking code"
          value={draft.target}
          maxLength={254}
          onChange={(event) => set('target')(event.currentTarget.value)}
        />
        <TextInput
          type="date"
          label="From"
          value={draft.from}
          onChange={(event) => set('from')(event.currentTarget.value)}
        />
        <TextInput
          type="date"
          label="To"
          value={draft.to}
          error={reversed ? 'To must be on or after From' : undefined}
          onChange={(event) => set('to')(event.currentTarget.value)}
        />
      </SimpleGrid>
      <Group gap="xs" mt="sm">
        <Button type="submit">Apply filters</Button>
        <Button
          variant="default"
          onClick={() => {
            setDraft(NO_ACTIVITY_FILTER);
            onApply(NO_ACTIVITY_FILTER);
          }}
        >
          Clear
        </Button>
      </Group>
    </form>
  );
}
