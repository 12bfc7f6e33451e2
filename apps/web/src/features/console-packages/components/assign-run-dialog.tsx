import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { daySchema, localDay } from '@waybill/domain';
import { useState } from 'react';
import { type RunTarget, useRunChoices } from '../api/assign-to-run.ts';
import { packagesCount } from './bulk-dialogs.tsx';

interface AssignRunDialogProps {
  opened: boolean;
  count: number;
  busy: boolean;
  onClose: () => void;
  onSubmit: (date: string, target: RunTarget) => void;
}

/** A day, then one of its runs or a driver without one (a new run is started for them). */
export function AssignRunDialog({ opened, count, busy, onClose, onSubmit }: AssignRunDialogProps) {
  const [date, setDate] = useState(() => localDay(new Date()));
  const [choice, setChoice] = useState('');
  const validDate = daySchema.safeParse(date).success ? date : null;
  const { runs, drivers } = useRunChoices(opened ? validDate : null);
  const planned = new Set((runs.data ?? []).map((run) => run.driverId));
  const options = [
    ...(runs.data ?? []).map((run) => ({
      value: `run:${run.id}`,
      label: `${run.driverName}'s run (${run.stops.length} ${run.stops.length === 1 ? 'stop' : 'stops'})`,
    })),
    ...(drivers.data ?? [])
      .filter((driver) => !planned.has(driver.id))
      .map((driver) => ({ value: `driver:${driver.id}`, label: `New run for ${driver.name}` })),
  ];
  const chosen = options.some((option) => option.value === choice) ? choice : '';
  const loading = runs.isFetching || drivers.isFetching;
  const failed = runs.error ?? drivers.error;

  function submit() {
    if (!validDate || !chosen) return;
    const [kind, id] = chosen.split(':') as ['run' | 'driver', string];
    onSubmit(validDate, kind === 'run' ? { runId: id } : { driverId: id });
  }

  return (
    <Modal opened={opened} onClose={onClose} title={`Assign ${packagesCount(count)} to a run`} centered>
      <Stack gap="sm">
        <TextInput
          type="date"
          label="Day"
          value={date}
          onChange={(event) => {
            setDate(event.currentTarget.value);
            setChoice('');
          }}
          error={validDate ? undefined : 'Choose a day'}
          data-autofocus
        />
        <NativeSelect
          label="Run"
          value={chosen}
          onChange={(event) => setChoice(event.currentTarget.value)}
          disabled={!validDate || loading}
          data={[
            {
              value: '',
              label: loading
                ? 'Loading the runs…'
                : options.length > 0
                  ? 'Choose a run or a driver…'
                  : 'No run or active driver',
              disabled: true,
            },
            ...options,
          ]}
        />
        {failed ? (
          <Text size="sm" c="red">
            Could not load the runs: {failed.message}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          The packages go after the run's stops. A package on another run that day moves to this one.
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={busy} disabled={!validDate || !chosen}>
            Assign
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
