import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type PackageView, RECEIVED_BY_MAX, receivedBySchema } from '@waybill/domain';
import { useState } from 'react';
import { ProofPhoto } from '../../../components/proof/proof-photo.tsx';
import { SignaturePad } from '../../../components/proof/signature-pad.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useRecordDeliveryProof } from '../api/delivery-proof.ts';
import { notifyPackageError } from '../notify-package-error.ts';

interface ProofOfDeliveryDialogProps {
  /** The package being delivered; null while the dialog is closed. */
  trackingCode: string | null;
  onClose: () => void;
  /** Sets Delivered without a proof (as the status control always could); left out, not offered. */
  onWithoutProof?: () => void;
  onRecorded?: (changed: PackageView) => void;
}

/**
 * The proof of delivery of one package: who received it (required), a photo and a signature (each
 * optional). Saving sets the package Delivered with the proof in one request.
 */
export function ProofOfDeliveryDialog({
  trackingCode,
  onClose,
  onWithoutProof,
  onRecorded,
}: ProofOfDeliveryDialogProps) {
  const fullScreen = useMediaQuery('(max-width: 47.99em)') ?? false;
  return (
    <Modal
      opened={trackingCode !== null}
      onClose={onClose}
      title="Proof of delivery"
      size="lg"
      fullScreen={fullScreen}
      closeButtonProps={{ 'aria-label': 'Close proof of delivery' }}
      styles={{ title: { fontWeight: 700 } }}
    >
      {trackingCode ? (
        <ProofForm
          trackingCode={trackingCode}
          onClose={onClose}
          onWithoutProof={onWithoutProof}
          onRecorded={onRecorded}
        />
      ) : null}
    </Modal>
  );
}

function ProofForm({
  trackingCode,
  onClose,
  onWithoutProof,
  onRecorded,
}: Omit<ProofOfDeliveryDialogProps, 'trackingCode'> & { trackingCode: string }) {
  const record = useRecordDeliveryProof();
  const [receivedBy, setReceivedBy] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [signature, setSignature] = useState<Promise<Blob | null> | null>(null);

  async function save() {
    const checked = receivedBySchema.safeParse(receivedBy);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Enter who received the package');
      return;
    }
    setError(null);
    const drawn = (await signature) ?? undefined;
    record.mutate(
      { trackingCode, receivedBy: checked.data, photo: photo ?? undefined, signature: drawn },
      {
        onSuccess: (changed) => {
          notifySuccess({
            title: 'Delivered',
            message: `Package ${changed.trackingCode} is now Delivered, received by ${checked.data}`,
          });
          onRecorded?.(changed);
          onClose();
        },
        onError: (failure) => notifyPackageError('Error saving the proof of delivery', failure),
      },
    );
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
          Package <strong>{trackingCode}</strong> will be set to Delivered.
        </Text>
        <TextInput
          label="Received by"
          description="The name the receiver gives. The tracking page shows only the initials."
          required
          maxLength={RECEIVED_BY_MAX}
          value={receivedBy}
          error={error}
          onChange={(event) => setReceivedBy(event.currentTarget.value)}
          autoComplete="off"
          data-autofocus
        />
        <ProofPhoto photo={photo} onChange={setPhoto} />
        <SignaturePad onChange={setSignature} />
        <Group justify="space-between" gap="xs">
          {onWithoutProof ? (
            <Button variant="subtle" onClick={onWithoutProof} disabled={record.isPending}>
              Delivered without proof
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={record.isPending}>
              Save proof and set Delivered
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
