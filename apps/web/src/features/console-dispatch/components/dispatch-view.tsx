import { Alert, Button, Group, Modal, Skeleton, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { countOf, daySchema, opensRunsListed, type Run } from '@waybill/domain';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDrivers } from '../api/list-drivers.ts';
import { useRuns } from '../api/list-runs.ts';
import { useCreateRun, useDeleteRun, useSetRunStops } from '../api/run-writes.ts';
import { useRunOrder } from '../api/use-run-order.ts';
import { appendCodes, codesOf, refusedCodes } from '../stop-order.ts';
import { DeliverySettingsButton } from './delivery-settings-dialog.tsx';
import classes from './dispatch.module.css';
import { NewRunForm } from './new-run-form.tsx';
import { RunCard } from './run-card.tsx';
import { UnassignedPanel } from './unassigned-panel.tsx';

/** The error toast of a Dispatch action with the server's message; none for a 401 (sign-in follows). */
function notifyDispatchError(title: string, error: unknown): void {
  if (error instanceof ApiError && error.status === 401) return;
  notifyError({ title, message: error instanceof Error ? error.message : String(error) });
}

interface DispatchViewProps {
  date: string;
  onDateChange: (date: string) => void;
  /** Admins edit the delivery settings; operators read them. */
  canEditDeliverySettings?: boolean;
}

/**
 * Dispatch for one day: the packages left to plan beside each driver's run. Two reads open it (a page
 * of the packages, the day's runs with their stops) plus the drivers, whatever the size of the day.
 */
export function DispatchView({ date, onDateChange, canEditDeliverySettings = false }: DispatchViewProps) {
  const runs = useRuns(date);
  const drivers = useDrivers();
  const createRun = useCreateRun();
  const deleteRun = useDeleteRun();
  const stops = useSetRunStops(date);
  const order = useRunOrder(date, (error) => notifyDispatchError('Could not save the order', error));
  const [deleting, setDeleting] = useState<Run | null>(null);
  const [moving, setMoving] = useState<{ from: Run; code: string } | null>(null);
  const [typedDate, setTypedDate] = useState(date);
  const dayRuns = runs.data ?? [];
  const busy = createRun.isPending || deleteRun.isPending || stops.isPending;
  // A small day lists every stop as its runs appear; a big one shows each run as its summary.
  const listedAtOpen = opensRunsListed(dayRuns);

  async function assign(run: Run, codes: string[]): Promise<boolean> {
    const sent = appendCodes(codesOf(run), codes);
    try {
      await stops.mutateAsync({ runId: run.id, trackingCodes: sent });
      notifySuccess({
        title: 'Assigned',
        message: `${countOf(codes.length, 'package', 'packages')} added to the run of ${run.driverName}.`,
      });
      return true;
    } catch (error) {
      const refused = error instanceof ApiError ? refusedCodes(sent, error.errors) : new Map<string, string>();
      notifyDispatchError(
        refused.size > 0 ? `Not assigned: ${[...refused.keys()].join(', ')}` : 'Could not assign',
        error,
      );
      return false;
    }
  }

  function moveTo(code: string, target: Run) {
    // PUT on the target takes the stop off its run in the same transaction.
    stops.mutate(
      { runId: target.id, trackingCodes: appendCodes(codesOf(target), [code]) },
      {
        onSuccess: () =>
          notifySuccess({ title: 'Stop moved', message: `${code} is now on the run of ${target.driverName}.` }),
        onError: (error) => notifyDispatchError('Could not move the stop', error),
      },
    );
  }

  function remove(run: Run, code: string) {
    order.save(
      run,
      codesOf(run).filter((other) => other !== code),
    );
  }

  function reorder(run: Run, codes: string[]) {
    if (codes.join() === codesOf(run).join()) return;
    order.save(run, codes);
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1}>Dispatch</Title>
          <Text mt={4}>Plan each driver's run of the day, stop by stop.</Text>
        </div>
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            type="date"
            label="Day"
            value={typedDate}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setTypedDate(value);
              if (daySchema.safeParse(value).success) onDateChange(value);
            }}
            w="11rem"
          />
          <DeliverySettingsButton canEdit={canEditDeliverySettings} />
        </Group>
      </Group>
      <div className={classes.layout}>
        <UnassignedPanel date={date} runs={dayRuns} busy={stops.isPending} assign={assign} />
        <Stack gap="md" component="section" aria-labelledby="runs-title">
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
            <Title order={2} size="h4" id="runs-title">
              Runs of {date}
            </Title>
          </Group>
          <NewRunForm
            drivers={drivers.data ?? []}
            runs={dayRuns}
            busy={createRun.isPending}
            create={(driverId) =>
              createRun.mutate(
                { driverId, date },
                {
                  onSuccess: (run) =>
                    notifySuccess({ title: 'Run started', message: `A run of ${run.driverName} on ${date}.` }),
                  onError: (error) => notifyDispatchError('Could not start the run', error),
                },
              )
            }
          />
          {drivers.isError ? (
            <Text size="sm" c="red">
              Could not load the drivers: {drivers.error.message}
            </Text>
          ) : null}
          {runs.isPending ? (
            <div role="status">
              <VisuallyHidden>Loading the runs</VisuallyHidden>
              <Skeleton height={160} radius="md" />
            </div>
          ) : runs.isError ? (
            <Alert color="red" variant="light" title="Could not load the runs" icon={<IconAlertTriangle aria-hidden />}>
              {runs.error.message}
              <Button mt="sm" size="xs" variant="default" display="block" onClick={() => void runs.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : dayRuns.length === 0 ? (
            <Text size="sm" c="dimmed">
              No runs on {date} yet. Start one for a driver, then assign packages to it.
            </Text>
          ) : (
            <div className={classes.runs}>
              {dayRuns.map((run) => (
                <RunCard
                  key={run.id}
                  run={run}
                  busy={busy}
                  reorder={reorder}
                  startMove={(from, stop) => setMoving({ from, code: stop.trackingCode })}
                  remove={remove}
                  deleteRun={setDeleting}
                  initiallyListed={listedAtOpen}
                />
              ))}
            </div>
          )}
        </Stack>
      </div>
      <Modal
        opened={moving !== null}
        onClose={() => setMoving(null)}
        title={moving ? `Move ${moving.code} to another run` : ''}
        centered
      >
        <Stack gap="xs">
          {dayRuns
            .filter((other) => other.id !== moving?.from.id)
            .map((other) => (
              <Button
                key={other.id}
                variant="default"
                justify="space-between"
                rightSection={
                  <Text size="sm" c="dimmed">
                    {countOf(other.stops.length, 'stop', 'stops')}
                  </Text>
                }
                onClick={() => {
                  if (moving) moveTo(moving.code, other);
                  setMoving(null);
                }}
              >
                {other.driverName}
              </Button>
            ))}
          {dayRuns.length < 2 ? (
            <Text size="sm" c="dimmed">
              There is no other run on {date}: start one first.
            </Text>
          ) : null}
        </Stack>
      </Modal>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete this run?" centered>
        <Text size="sm">
          The run of {deleting?.driverName} on {date} and its {countOf(deleting?.stops.length ?? 0, 'stop', 'stops')}{' '}
          will be deleted; its packages go back to the packages not on a run.
        </Text>
        <Group justify="flex-end" mt="md" gap="xs">
          <Button variant="default" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={deleteRun.isPending}
            onClick={() => {
              const run = deleting;
              if (!run) return;
              deleteRun.mutate(run.id, {
                onSuccess: () => {
                  setDeleting(null);
                  notifySuccess({
                    title: 'Run deleted',
                    message: `The run of ${run.driverName} on ${date} is deleted.`,
                  });
                },
                onError: (error) => notifyDispatchError('Could not delete the run', error),
              });
            }}
          >
            Delete run
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
