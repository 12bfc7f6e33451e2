import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import {
  CUSTOM_STATUS_OPTION,
  CUSTOM_STATUS_REQUIRED,
  canRecordDelivery,
  DELIVERED_STATUS,
  isListedStatus,
  PACKAGE_STATUSES,
  type PackageView,
  STATUS_MAX_LENGTH,
} from '@waybill/domain';
import { useState } from 'react';
import { notifySuccess, notifyWarning } from '../../../lib/notify.ts';
import { useUpdatePackageStatus } from '../api/update-package-status.ts';
import { notifyPackageError } from '../notify-package-error.ts';
import { ProofOfDeliveryDialog } from './proof-of-delivery-dialog.tsx';

const STATUS_OPTIONS = [...PACKAGE_STATUSES, CUSTOM_STATUS_OPTION];

/**
 * The status dropdown of a package past Pending: a listed status is saved as soon as it is picked;
 * Custom Status reveals a text box and Submit Status (a blank text only warns). Delivered first offers
 * the proof of delivery (who received it, a photo, a signature), or Delivered without one.
 */
export function PackageStatusControl({ pkg }: { pkg: Pick<PackageView, 'trackingCode' | 'status'> }) {
  const { trackingCode, status } = pkg;
  const update = useUpdatePackageStatus();
  const [customOpen, setCustomOpen] = useState(false);
  const [customText, setCustomText] = useState('');
  const [proofOpen, setProofOpen] = useState(false);
  const current = isListedStatus(status) ? status : CUSTOM_STATUS_OPTION;
  const pendingStatus = update.isPending ? update.variables?.status : undefined;
  const shown = pendingStatus !== undefined && isListedStatus(pendingStatus) ? pendingStatus : current;

  function saveStatus(next: string, title: string) {
    update.mutate(
      { trackingCode, status: next },
      {
        onSuccess: (changed) => {
          setCustomOpen(false);
          setCustomText('');
          notifySuccess({ title, message: `Package ${changed.trackingCode} is now ${changed.status}` });
        },
        onError: (error) => notifyPackageError('Error updating status', error),
      },
    );
  }

  function pick(option: string) {
    if (option === CUSTOM_STATUS_OPTION) {
      setCustomOpen(true);
      return;
    }
    setCustomOpen(false);
    if (option === DELIVERED_STATUS && status !== DELIVERED_STATUS && canRecordDelivery(status)) {
      setProofOpen(true);
      return;
    }
    if (option !== status) saveStatus(option, 'Status Updated');
  }

  function submitCustom() {
    const text = customText.trim();
    if (!text) {
      notifyWarning(CUSTOM_STATUS_REQUIRED);
      return;
    }
    saveStatus(text, 'Custom Status Updated');
  }

  return (
    <Stack gap="xs">
      <Select
        label="Update status"
        data={STATUS_OPTIONS}
        value={customOpen ? CUSTOM_STATUS_OPTION : shown}
        onOptionSubmit={pick}
        allowDeselect={false}
        disabled={update.isPending}
        maxDropdownHeight={320}
      />
      {customOpen ? (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label="Custom status"
            placeholder="e.g. Held at customs"
            maxLength={STATUS_MAX_LENGTH}
            value={customText}
            onChange={(event) => setCustomText(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') submitCustom();
            }}
            style={{ flex: 1 }}
            data-autofocus
          />
          <Button onClick={submitCustom} loading={update.isPending}>
            Submit Status
          </Button>
        </Group>
      ) : null}
      <ProofOfDeliveryDialog
        trackingCode={proofOpen ? trackingCode : null}
        onClose={() => setProofOpen(false)}
        onWithoutProof={() => {
          setProofOpen(false);
          saveStatus(DELIVERED_STATUS, 'Status Updated');
        }}
      />
    </Stack>
  );
}
