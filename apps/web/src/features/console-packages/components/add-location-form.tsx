import { Button, Group, TextInput } from '@mantine/core';
import { IconMapPinPlus } from '@tabler/icons-react';
import { LOCATION_REQUIRED } from '@waybill/domain';
import { type FormEvent, useState } from 'react';
import { notifySuccess, notifyWarning } from '../../../lib/notify.ts';
import { useAddLocationUpdate } from '../api/add-location-update.ts';
import { notifyPackageError } from '../notify-package-error.ts';

/** Adds a location update to a package; a blank location only warns (SPEC §5). */
export function AddLocationForm({ trackingCode }: { trackingCode: string }) {
  const [location, setLocation] = useState('');
  const add = useAddLocationUpdate();

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = location.trim();
    if (!text) {
      notifyWarning(LOCATION_REQUIRED);
      return;
    }
    add.mutate(
      { trackingCode, location: text },
      {
        onSuccess: () => {
          setLocation('');
          notifySuccess({ title: 'Location Update Added', message: `"${text}" added to ${trackingCode}` });
        },
        onError: (error) => notifyPackageError('Error adding location update', error),
      },
    );
  }

  return (
    <form noValidate onSubmit={submit}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="New location update"
          placeholder="e.g. Arrived at Lagos sorting hub"
          maxLength={300}
          value={location}
          onChange={(event) => setLocation(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button type="submit" loading={add.isPending} leftSection={<IconMapPinPlus size={16} aria-hidden />}>
          Add Location
        </Button>
      </Group>
    </form>
  );
}
