import { Alert, Anchor, Button, Image, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { canRecordDelivery, type PackageView } from '@waybill/domain';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useDeliveryProof } from '../api/delivery-proof.ts';
import { ProofOfDeliveryDialog } from './proof-of-delivery-dialog.tsx';

/**
 * The details dialog's Proof of delivery: who received the package, when, the photo and the
 * signature (read through the console's own route, never a public address), and a way to record one.
 */
export function PackageDeliveryProof({ pkg }: { pkg: Pick<PackageView, 'trackingCode' | 'status'> }) {
  const proof = useDeliveryProof(pkg.trackingCode);
  const [recording, setRecording] = useState(false);
  const canRecord = canRecordDelivery(pkg.status);
  if (!canRecord && !proof.data) return null;

  return (
    <section aria-label="Proof of delivery">
      <Title order={3} size="h5" mb="xs">
        Proof of delivery
      </Title>
      {proof.isPending ? (
        <Loader size="sm" aria-label="Loading the proof of delivery" />
      ) : proof.error ? (
        <Alert color="red" variant="light">
          The proof of delivery could not be loaded.
        </Alert>
      ) : proof.data ? (
        <Stack gap="xs">
          <Text size="sm" data-testid="proof-received-by">
            Received by <strong>{proof.data.receivedBy}</strong> on {formatDateTime(proof.data.deliveredAt)}
            {pkg.status === 'Delivered' ? null : ` (the status is now ${pkg.status})`}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {proof.data.photoUrl ? (
              <Anchor
                href={proof.data.photoUrl}
                target="_blank"
                rel="noopener"
                aria-label="Open the delivery photo full size"
              >
                <Image
                  src={proof.data.photoThumbnailUrl ?? proof.data.photoUrl}
                  alt="Delivery photo"
                  radius="sm"
                  maw={320}
                />
              </Anchor>
            ) : (
              <Text size="sm" c="dimmed">
                No photo
              </Text>
            )}
            {proof.data.signatureUrl ? (
              <Image
                src={proof.data.signatureUrl}
                alt={`Signature of ${proof.data.receivedBy}`}
                radius="sm"
                maw={320}
                bg="white"
              />
            ) : (
              <Text size="sm" c="dimmed">
                No signature
              </Text>
            )}
          </SimpleGrid>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          None recorded.
        </Text>
      )}
      {canRecord && !proof.isPending ? (
        <Button variant="default" size="xs" mt="xs" onClick={() => setRecording(true)}>
          {proof.data ? 'Record a new proof of delivery' : 'Record proof of delivery'}
        </Button>
      ) : null}
      <ProofOfDeliveryDialog trackingCode={recording ? pkg.trackingCode : null} onClose={() => setRecording(false)} />
    </section>
  );
}
