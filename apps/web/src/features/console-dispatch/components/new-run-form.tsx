import { Button, Group, NativeSelect } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Run, RunDriver } from '@waybill/domain';
import { useState } from 'react';

interface NewRunFormProps {
  drivers: RunDriver[];
  runs: Run[];
  busy: boolean;
  create: (driverId: string) => void;
}

/** "New run": one of the active drivers who has no run that day yet. */
export function NewRunForm({ drivers, runs, busy, create }: NewRunFormProps) {
  const [driverId, setDriverId] = useState('');
  const planned = new Set(runs.map((run) => run.driverId));
  const free = drivers.filter((driver) => !planned.has(driver.id));
  const chosen = free.some((driver) => driver.id === driverId) ? driverId : '';
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <NativeSelect
        label="Driver for a new run"
        value={chosen}
        onChange={(event) => setDriverId(event.currentTarget.value)}
        data={[
          {
            value: '',
            label: free.length > 0 ? 'Choose a driver…' : 'Every active driver has a run',
            disabled: true,
          },
          ...free.map((driver) => ({ value: driver.id, label: driver.name })),
        ]}
        style={{ flex: '1 1 12rem' }}
      />
      <Button
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={() => {
          if (chosen) create(chosen);
          setDriverId('');
        }}
        disabled={!chosen || busy}
      >
        New run
      </Button>
    </Group>
  );
}
