import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';

export interface AttemptDialogProps {
  /** The stop's package; null while closed. */
  trackingCode: string | null;
  /** The admin's list; undefined while it has never been loaded on this phone. */
  reasons: readonly string[] | undefined;
  onClose: () => void;
  onSave: (reason: string) => Promise<void>;
}

/** A failed attempt: why, picked from the admin's list. Saved on the phone at once. */
export function AttemptDialog({ trackingCode, reasons, onClose, onSave }: AttemptDialogProps) {
  return (
    <Modal
      opened={trackingCode !== null}
      onClose={onClose}
      title="Could not deliver"
      fullScreen
      closeButtonProps={{ 'aria-label': 'Close could not deliver' }}
      styles={{ title: { fontWeight: 700 } }}
    >
      {trackingCode ? (
        <AttemptForm trackingCode={trackingCode} reasons={reasons} onClose={onClose} onSave={onSave} />
      ) : null}
    </Modal>
  );
}

function AttemptForm({
  trackingCode,
  reasons,
  onClose,
  onSave,
}: Omit<AttemptDialogProps, 'trackingCode'> & { trackingCode: string }) {
  const [reason, setReason] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save() {
    if (!reason) {
      setError('Choose why the package could not be delivered');
      return;
    }
    setSaving(true);
    try {
      await onSave(reason);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      noValidate
    >
      <Stack gap="md">
        <Text size="sm">
          Package <strong>{trackingCode}</strong>
        </Text>
        {reasons ? (
          <Radio.Group
            label="Reason"
            required
            value={reason}
            onChange={(value) => {
              setReason(value);
              setError(null);
            }}
            error={error}
          >
            <Stack gap="xs" mt="xs">
              {reasons.map((text) => (
                <Radio.Card key={text} value={text} p="md" radius="md">
                  <Group wrap="nowrap" gap="sm">
                    <Radio.Indicator />
                    <Text>{text}</Text>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
        ) : (
          <Alert color="yellow" role="alert">
            The reasons have not reached this phone yet. Connect once to load them.
          </Alert>
        )}
        {/* One above the other, full width: a phone's narrow screen keeps each word whole. */}
        <Stack gap="sm">
          <Button type="submit" size="lg" color="orange" loading={saving} disabled={!reasons}>
            Save attempt
          </Button>
          <Button variant="default" size="lg" onClick={onClose}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
