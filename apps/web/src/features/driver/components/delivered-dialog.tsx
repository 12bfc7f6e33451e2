import { Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { RECEIVED_BY_MAX, receivedBySchema } from '@waybill/domain';
import { useState } from 'react';
import { ProofPhoto } from '../../../components/proof/proof-photo.tsx';
import { SignaturePad } from '../../../components/proof/signature-pad.tsx';

export interface DeliveredInput {
  receivedBy: string;
  photo: Blob | null;
  signature: Blob | null;
}

export interface DeliveredDialogProps {
  /** The stop's package; null while closed. */
  trackingCode: string | null;
  onClose: () => void;
  onSave: (input: DeliveredInput) => Promise<void>;
}

/**
 * The proof of delivery, taken on the road: who received it (required), a photo and a signature.
 * Saved on the phone at once; it reaches the server when the connection lets it.
 */
export function DeliveredDialog({ trackingCode, onClose, onSave }: DeliveredDialogProps) {
  return (
    <Modal
      opened={trackingCode !== null}
      onClose={onClose}
      title="Delivered"
      fullScreen
      closeButtonProps={{ 'aria-label': 'Close delivered' }}
      styles={{ title: { fontWeight: 700 } }}
    >
      {trackingCode ? <DeliveredForm trackingCode={trackingCode} onClose={onClose} onSave={onSave} /> : null}
    </Modal>
  );
}

function DeliveredForm({
  trackingCode,
  onClose,
  onSave,
}: Omit<DeliveredDialogProps, 'trackingCode'> & { trackingCode: string }) {
  const [receivedBy, setReceivedBy] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [signature, setSignature] = useState<Promise<Blob | null> | null>(null);
  const [saving, setSaving] = useState(false);

  async function save() {
    // The photo being shrunk is the one the driver means to send: wait for it.
    if (preparing) return;
    const checked = receivedBySchema.safeParse(receivedBy);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Enter who received the package');
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await onSave({ receivedBy: checked.data, photo, signature: await signature });
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
        <TextInput
          label="Received by"
          description="The name the receiver gives. The tracking page shows only the initials."
          required
          size="md"
          maxLength={RECEIVED_BY_MAX}
          value={receivedBy}
          error={error}
          onChange={(event) => setReceivedBy(event.currentTarget.value)}
          autoComplete="off"
        />
        <ProofPhoto photo={photo} onChange={setPhoto} shrink onPreparing={setPreparing} />
        <SignaturePad onChange={setSignature} />
        {/* One above the other, full width: a phone's narrow screen keeps each word whole. */}
        <Stack gap="sm">
          <Button type="submit" size="lg" color="green" loading={saving || preparing}>
            Save delivery
          </Button>
          <Button variant="default" size="lg" onClick={onClose}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
