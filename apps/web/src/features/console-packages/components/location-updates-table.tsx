import { ActionIcon, Table, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { PackageView } from '@waybill/domain';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useDeleteLocationUpdate } from '../api/delete-location-update.ts';
import { notifyPackageError } from '../notify-package-error.ts';

/** The location updates of a package, oldest first, each with its own delete button. */
export function LocationUpdatesTable({ pkg }: { pkg: PackageView }) {
  const remove = useDeleteLocationUpdate();
  const updates = [...pkg.locationUpdates].sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));

  return (
    <section aria-label="Location updates">
      <Title order={3} size="h5" mb="xs">
        Location Updates
      </Title>
      {updates.length === 0 ? (
        <Text c="dimmed" size="sm">
          No location updates yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table striped verticalSpacing="xs" aria-label={`Location updates of ${pkg.trackingCode}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Timestamp</Table.Th>
                <Table.Th>Location</Table.Th>
                <Table.Th w={72}>Delete</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {updates.map((update) => {
                const when = formatDateTime(update.timestamp);
                const deleting = remove.isPending && remove.variables?.timestamp === update.timestamp;
                return (
                  <Table.Tr key={update._id}>
                    <Table.Td>
                      <time dateTime={update.timestamp}>{when}</time>
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{update.location}</Table.Td>
                    <Table.Td>
                      <ActionIcon
                        color="red.9"
                        variant="subtle"
                        size="lg"
                        aria-label={`Delete location update ${update.location} (${when})`}
                        loading={deleting}
                        disabled={remove.isPending && !deleting}
                        onClick={() =>
                          remove.mutate(
                            { trackingCode: pkg.trackingCode, timestamp: update.timestamp },
                            {
                              onSuccess: () =>
                                notifySuccess({
                                  title: 'Location Update Deleted',
                                  message: `Removed "${update.location}" from ${pkg.trackingCode}`,
                                }),
                              onError: (error) => notifyPackageError('Error deleting location update', error),
                            },
                          )
                        }
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
