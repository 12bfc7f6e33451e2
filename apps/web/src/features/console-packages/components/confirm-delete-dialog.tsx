import { Button, Group, Modal, Text } from '@mantine/core';

interface ConfirmDeleteDialogProps {
  trackingCode: string | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The confirmation before a package is removed for good; it opens above the details dialog. */
export function ConfirmDeleteDialog({ trackingCode, deleting, onCancel, onConfirm }: ConfirmDeleteDialogProps) {
  return (
    <Modal
      opened={trackingCode !== null}
      onClose={onCancel}
      title="Delete this package?"
      centered
      zIndex={400}
      closeButtonProps={{ 'aria-label': 'Cancel deletion' }}
    >
      <Text size="sm" mb="lg">
        Package <strong>{trackingCode}</strong> will be permanently removed with its images and location updates. This
        cannot be undone.
      </Text>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onCancel} disabled={deleting}>
          Cancel
        </Button>
        <Button color="red.9" onClick={onConfirm} loading={deleting}>
          Delete Package
        </Button>
      </Group>
    </Modal>
  );
}
