import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  CUSTOM_STATUS_OPTION,
  CUSTOM_STATUS_REQUIRED,
  countOf,
  LOCATION_REQUIRED,
  PACKAGE_STATUSES,
  STATUS_MAX_LENGTH,
} from '@waybill/domain';
import { useState } from 'react';
import { notifyWarning } from '../../../lib/notify.ts';

const STATUS_OPTIONS = [...PACKAGE_STATUSES, CUSTOM_STATUS_OPTION];

/** "1 package", "12 packages". */
export const packagesCount = (count: number) => countOf(count, 'package', 'packages');

interface BulkDialogProps {
  opened: boolean;
  count: number;
  busy: boolean;
  onClose: () => void;
}

/** A listed or custom status for every selected package; a blank custom status only warns, as on a card. */
export function BulkStatusDialog({
  opened,
  count,
  busy,
  onClose,
  onSubmit,
}: BulkDialogProps & { onSubmit: (status: string) => void }) {
  const [option, setOption] = useState<string | null>(null);
  const [custom, setCustom] = useState('');
  function submit() {
    if (!option) return;
    const status = option === CUSTOM_STATUS_OPTION ? custom.trim() : option;
    if (!status) {
      notifyWarning(CUSTOM_STATUS_REQUIRED);
      return;
    }
    onSubmit(status);
  }
  return (
    <Modal opened={opened} onClose={onClose} title={`Set the status of ${packagesCount(count)}`} centered>
      <Stack gap="sm">
        <Select
          label="New status"
          data={STATUS_OPTIONS}
          value={option}
          onChange={setOption}
          allowDeselect={false}
          maxDropdownHeight={320}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
        {option === CUSTOM_STATUS_OPTION ? (
          <TextInput
            label="Custom status"
            placeholder="e.g. Held at customs"
            maxLength={STATUS_MAX_LENGTH}
            value={custom}
            onChange={(event) => setCustom(event.currentTarget.value)}
          />
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={submit} loading={busy} disabled={!option}>
            Set Status
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** One location update added to every selected package; a blank location only warns. */
export function BulkLocationDialog({
  opened,
  count,
  busy,
  onClose,
  onSubmit,
}: BulkDialogProps & { onSubmit: (location: string) => void }) {
  const [location, setLocation] = useState('');
  function submit() {
    if (!location.trim()) {
      notifyWarning(LOCATION_REQUIRED);
      return;
    }
    onSubmit(location.trim());
  }
  return (
    <Modal opened={opened} onClose={onClose} title={`Add a location update to ${packagesCount(count)}`} centered>
      <Stack gap="sm">
        <TextInput
          label="Location"
          placeholder="e.g. Lagos sorting centre"
          maxLength={300}
          value={location}
          onChange={(event) => setLocation(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') submit();
          }}
          data-autofocus
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={submit} loading={busy}>
            Add Location
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Deleting many packages asks for their number typed out, so a stray click cannot remove hundreds. */
export function BulkDeleteDialog({
  opened,
  count,
  busy,
  onClose,
  onSubmit,
}: BulkDialogProps & { onSubmit: () => void }) {
  const [typed, setTyped] = useState('');
  const matches = typed.trim() === String(count);
  return (
    <Modal opened={opened} onClose={onClose} title={`Delete ${packagesCount(count)}?`} centered>
      <Stack gap="sm">
        <Text size="sm">
          The selected packages will be permanently removed with their images and location updates. This cannot be
          undone.
        </Text>
        <TextInput
          label={`Type ${count} to delete ${packagesCount(count)}`}
          inputMode="numeric"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color="red.9" onClick={onSubmit} loading={busy} disabled={!matches}>
            Delete {packagesCount(count)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
