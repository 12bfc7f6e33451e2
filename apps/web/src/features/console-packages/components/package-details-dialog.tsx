import { Button, Divider, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import type { PackageView } from '@waybill/domain';
import { useEffect, useState } from 'react';
import { notifySuccess } from '../../../lib/notify.ts';
import { useDeletePackage } from '../api/delete-package.ts';
import { usePackage } from '../api/get-package.ts';
import { notifyPackageError } from '../notify-package-error.ts';
import { AddLocationForm } from './add-location-form.tsx';
import { ConfirmDeleteDialog } from './confirm-delete-dialog.tsx';
import { dangerOutlineStyle } from './danger-outline.ts';
import { LocationUpdatesTable } from './location-updates-table.tsx';
import { PackageDeliveryProof } from './package-delivery-proof.tsx';
import { PackageDetailsSections, PackageHistory, PackageImages } from './package-details-sections.tsx';
import { PackageLabelLinks } from './package-label-links.tsx';
import { PackagePreferences } from './package-preferences.tsx';
import { PackageRatingSection } from './package-rating.tsx';
import { PackageRoad } from './package-road.tsx';

interface PackageDetailsDialogProps {
  /** The card that was clicked; null while the dialog is closed. */
  pkg: PackageView | null;
  onClose: () => void;
}

/** Everything about one package, its location updates and the permanent delete (full screen below md). */
export function PackageDetailsDialog({ pkg, onClose }: PackageDetailsDialogProps) {
  const fullScreen = useMediaQuery('(max-width: 61.99em)') ?? false;
  return (
    <Modal
      opened={pkg !== null}
      onClose={onClose}
      title={pkg ? `Package ${pkg.trackingCode}` : 'Package'}
      size="xl"
      fullScreen={fullScreen}
      closeButtonProps={{ 'aria-label': 'Close details' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {pkg ? <PackageDetailsBody initial={pkg} onClose={onClose} /> : null}
    </Modal>
  );
}

function PackageDetailsBody({ initial, onClose }: { initial: PackageView; onClose: () => void }) {
  const details = usePackage(initial.trackingCode, initial);
  const pkg = details.data ?? initial;
  const remove = useDeletePackage();
  const [confirming, setConfirming] = useState(false);

  // One toast per failed fetch (a refetch that fails again shows another).
  useEffect(() => {
    if (details.error) notifyPackageError('Error fetching package details', details.error);
  }, [details.error]);

  function deleteForGood() {
    remove.mutate(pkg.trackingCode, {
      onSuccess: (answer) => {
        notifySuccess({ title: 'Package Deleted', message: answer.message });
        setConfirming(false);
        onClose();
      },
      onError: (error) => {
        setConfirming(false);
        notifyPackageError('Deletion Failed', error);
      },
    });
  }

  return (
    <Stack gap="lg">
      <PackageDetailsSections pkg={pkg} />
      <PackageLabelLinks trackingCode={pkg.trackingCode} status={pkg.status} />
      <PackageImages pkg={pkg} />
      <PackageDeliveryProof pkg={pkg} />
      <PackagePreferences trackingCode={pkg.trackingCode} />
      <PackageRatingSection trackingCode={pkg.trackingCode} />
      <PackageRoad trackingCode={pkg.trackingCode} />
      <LocationUpdatesTable pkg={pkg} />
      <AddLocationForm trackingCode={pkg.trackingCode} />
      <PackageHistory trackingCode={pkg.trackingCode} />
      <Divider />
      <Group justify="space-between" gap="xs">
        <Button
          color="red"
          variant="outline"
          style={dangerOutlineStyle}
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => setConfirming(true)}
        >
          Delete Entire Package
        </Button>
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
      <ConfirmDeleteDialog
        trackingCode={confirming ? pkg.trackingCode : null}
        deleting={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={deleteForGood}
      />
    </Stack>
  );
}
