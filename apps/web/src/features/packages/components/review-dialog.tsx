import { Button, Divider, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatDimensions, formatVolume, type PackageFormInput, type TextChannel } from '@waybill/domain';

interface ReviewDialogProps {
  opened: boolean;
  /** The validated values; null while nothing is under review. */
  values: PackageFormInput | null;
  imageCount: number;
  /** "Text me updates" ticked: the channel. */
  textUpdates?: TextChannel | undefined;
  submitting: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/** "Confirm Package Details": every value entered and the total volume, then Go Back or Confirm & Submit. */
export function ReviewDialog({
  opened,
  values,
  imageCount,
  textUpdates,
  submitting,
  onClose,
  onConfirm,
}: ReviewDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Confirm Package Details"
      styles={{ title: { fontWeight: 700 } }}
      size="lg"
      closeOnClickOutside={!submitting}
      closeOnEscape={!submitting}
      withCloseButton={!submitting}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {values && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <ReviewSection
              title="Shipper"
              rows={[
                ['Name', values.name],
                ['Email', values.email],
                ['Phone', values.phone],
                ['Pickup Location', values.pickupLocation],
                ...(textUpdates
                  ? [['Text me updates', textUpdates === 'whatsapp' ? 'By WhatsApp' : 'By SMS'] as [string, string]]
                  : []),
              ]}
            />
            <ReviewSection
              title="Receiver"
              rows={[
                ["Receiver's Name", values.rname],
                ["Receiver's Email", values.remail],
                ["Receiver's Phone", values.rphone],
                ['Destination', values.destination],
              ]}
            />
          </SimpleGrid>
          <Divider />
          <ReviewSection
            title="Package"
            rows={[
              ['Description', values.description],
              ['Quantity', String(values.quantity)],
              ['Weight', `${values.weight} kg`],
              ['Dimensions', formatDimensions(values.length, values.width, values.height, values.dimensionUnit)],
              ['Total volume', formatVolume(values.length, values.width, values.height, values.dimensionUnit)],
              ['Images', imageCount === 0 ? 'None' : String(imageCount)],
            ]}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={submitting}>
              Go Back
            </Button>
            <Button onClick={onConfirm} loading={submitting}>
              Confirm &amp; Submit
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function ReviewSection({ title, rows }: { title: string; rows: [label: string, value: string][] }) {
  return (
    <section>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      <dl style={{ margin: 0 }}>
        {rows.map(([label, value]) => (
          <Group key={label} gap="xs" wrap="nowrap" align="baseline" mb={4}>
            <Text component="dt" size="sm" c="dimmed" miw={120}>
              {label}
            </Text>
            <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {value}
            </Text>
          </Group>
        ))}
      </dl>
    </section>
  );
}
