import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { CHOOSE_FAILURE_REASON, DRIVER_NOTE_MAX, driverNoteSchema } from '@waybill/domain';
import { useState } from 'react';
import { ProofPhoto } from '../../../components/proof/proof-photo.tsx';

export interface AttemptInput {
  reason: string;
  /** The driver's note, trimmed; empty when none was written. */
  note: string;
  photo: Blob | null;
}

export interface AttemptDialogProps {
  /** The stop's package; null while closed. */
  trackingCode: string | null;
  /** The admin's list; undefined while it has never been loaded on this phone. */
  reasons: readonly string[] | undefined;
  onClose: () => void;
  onSave: (input: AttemptInput) => Promise<void>;
}

/**
 * A failed attempt: why, picked from the admin's list, with an optional note and photo (operators read
 * them; the tracking page shows only the reason). Saved on the phone at once.
 */
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
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [saving, setSaving] = useState(false);

  async function save() {
    // The photo being shrunk is the one the driver means to send: wait for it.
    if (preparing) return;
    const checkedNote = driverNoteSchema.safeParse(note);
    setNoteError(checkedNote.success ? null : (checkedNote.error.issues[0]?.message ?? null));
    if (!reason) setError(CHOOSE_FAILURE_REASON);
    if (!reason || !checkedNote.success) return;
    setSaving(true);
    try {
      await onSave({ reason, note: checkedNote.data, photo });
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
        <Textarea
          label="Note"
          description={`Optional, for the office: ${note.length} of ${DRIVER_NOTE_MAX} characters`}
          size="md"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={DRIVER_NOTE_MAX}
          value={note}
          error={noteError}
          onChange={(event) => {
            setNote(event.currentTarget.value);
            setNoteError(null);
          }}
        />
        <ProofPhoto photo={photo} onChange={setPhoto} alt="Photo of the attempt" shrink onPreparing={setPreparing} />
        {/* One above the other, full width: a phone's narrow screen keeps each word whole. */}
        <Stack gap="sm">
          <Button type="submit" size="lg" color="orange" loading={saving || preparing} disabled={!reasons}>
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
