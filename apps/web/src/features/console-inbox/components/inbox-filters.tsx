import { Group, SegmentedControl, Stack, Text, useMatches } from '@mantine/core';
import type { InboxKind, InboxState } from '@waybill/domain';
import { useId } from 'react';

export type KindFilter = InboxKind | 'all';
export type StateFilter = InboxState | 'all';

const KIND_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'support', label: 'Support requests' },
  { value: 'contact', label: 'Contact messages' },
  { value: 'account', label: 'Account requests' },
];

const STATE_OPTIONS = [
  { value: 'new', label: 'New' },
  { value: 'handled', label: 'Handled' },
  { value: 'all', label: 'All' },
];

interface InboxFiltersProps {
  kind: KindFilter;
  state: StateFilter;
  onKindChange: (kind: KindFilter) => void;
  onStateChange: (state: StateFilter) => void;
}

/** Which requests the Inbox lists: by kind and by state; each control is a labelled radio group. */
export function InboxFilters({ kind, state, onKindChange, onStateChange }: InboxFiltersProps) {
  const kindLabel = useId();
  const stateLabel = useId();
  // Four long labels do not fit side by side on a phone.
  const orientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', sm: 'horizontal' });

  return (
    <Group align="flex-end" gap="lg" wrap="wrap">
      <Stack gap={4} w={{ base: '100%', sm: 'auto' }}>
        <Text id={kindLabel} size="sm" fw={500}>
          Kind
        </Text>
        <SegmentedControl
          role="radiogroup"
          aria-labelledby={kindLabel}
          name="inbox-kind"
          data={KIND_OPTIONS}
          value={kind}
          onChange={(value) => onKindChange(value as KindFilter)}
          orientation={orientation}
          fullWidth={orientation === 'vertical'}
        />
      </Stack>
      <Stack gap={4} w={{ base: '100%', sm: 'auto' }}>
        <Text id={stateLabel} size="sm" fw={500}>
          State
        </Text>
        <SegmentedControl
          role="radiogroup"
          aria-labelledby={stateLabel}
          name="inbox-state"
          data={STATE_OPTIONS}
          value={state}
          onChange={(value) => onStateChange(value as StateFilter)}
          fullWidth={orientation === 'vertical'}
        />
      </Stack>
    </Group>
  );
}
