import { Button, Group } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAcceptPackage } from '../api/accept-package.ts';
import { useRejectPackage } from '../api/reject-package.ts';
import { notifyPackageError } from '../notify-package-error.ts';
import { dangerOutlineStyle } from './danger-outline.ts';

/** Accept and Reject, the only actions a Pending package offers. */
export function PendingActions({ trackingCode }: { trackingCode: string }) {
  const accept = useAcceptPackage();
  const reject = useRejectPackage();
  const busy = accept.isPending || reject.isPending;

  return (
    <Group grow gap="xs">
      {/* teal.9 keeps white text at 5:1; Mantine's darkest green is only 4.4:1. */}
      <Button
        color="teal.9"
        leftSection={<IconCheck size={16} aria-hidden />}
        loading={accept.isPending}
        disabled={busy && !accept.isPending}
        onClick={() =>
          accept.mutate(trackingCode, {
            onSuccess: (changed) =>
              notifySuccess({
                title: 'Package Accepted',
                message: `Package ${changed.trackingCode} is now ${changed.status}`,
              }),
            onError: (error) => notifyPackageError('Error accepting package', error),
          })
        }
      >
        Accept
      </Button>
      <Button
        color="red"
        variant="outline"
        style={dangerOutlineStyle}
        leftSection={<IconX size={16} aria-hidden />}
        loading={reject.isPending}
        disabled={busy && !reject.isPending}
        onClick={() =>
          reject.mutate(trackingCode, {
            onSuccess: (changed) =>
              notifySuccess({ title: 'Package Rejected', message: `Package ${changed.trackingCode} was rejected` }),
            onError: (error) => notifyPackageError('Error rejecting package', error),
          })
        }
      >
        Reject
      </Button>
    </Group>
  );
}
