import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Button, Group, Paper, Text, Title } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconChevronDown,
  IconGripVertical,
  IconPrinter,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { countOf, isStopDone, type Run, type RunStop } from '@waybill/domain';
import { useState } from 'react';
import { codesOf, moveCode } from '../stop-order.ts';
import classes from './dispatch.module.css';

interface RunCardActions {
  /** Saves the run's stops in a new order. */
  reorder: (run: Run, codes: string[]) => void;
  remove: (run: Run, code: string) => void;
  deleteRun: (run: Run) => void;
}

interface RunCardProps extends RunCardActions {
  run: Run;
  /** Asks where a stop goes: one dialog for the page, not a menu for each stop. */
  startMove: (run: Run, stop: RunStop) => void;
  busy: boolean;
  /** Lists the stops as the card appears; otherwise the run shows as its summary until asked. */
  initiallyListed: boolean;
}

/**
 * One stop, in plain elements styled by the module: a day of 20 runs holds hundreds of stops, and a
 * Mantine component each (buttons, badges, menus) made such a day take seconds to show.
 */
function StopRow({
  stop,
  run,
  count,
  reorder,
  startMove,
  remove,
}: {
  stop: RunStop;
  run: Run;
  count: number;
  reorder: RunCardActions['reorder'];
  startMove: (stop: RunStop) => void;
  remove: RunCardActions['remove'];
}) {
  const code = stop.trackingCode;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: code,
  });
  const index = stop.position - 1;
  const codes = codesOf(run);
  return (
    <li
      ref={setNodeRef}
      className={classes.stop}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className={classes.handle}
        {...attributes}
        {...listeners}
        aria-label={`Drag ${code} to another place (stop ${stop.position} of ${count})`}
      >
        <IconGripVertical size={18} aria-hidden />
      </button>
      <span className={classes.position} aria-hidden>
        {stop.position}.
      </span>
      <div className={classes.body}>
        <div className={classes.codeLine}>
          <span className={classes.code}>{code}</span>
          <span className={classes.status}>{stop.status}</span>
        </div>
        <div>{stop.receiverName}</div>
        <div className={classes.dimmed}>{stop.destination}</div>
      </div>
      <div className={classes.actions}>
        <button
          type="button"
          className={classes.iconButton}
          aria-label={`Move ${code} up`}
          aria-disabled={index === 0 || undefined}
          onClick={() => reorder(run, moveCode(codes, index, index - 1))}
        >
          <IconArrowUp size={16} aria-hidden />
        </button>
        <button
          type="button"
          className={classes.iconButton}
          aria-label={`Move ${code} down`}
          aria-disabled={index === count - 1 || undefined}
          onClick={() => reorder(run, moveCode(codes, index, index + 1))}
        >
          <IconArrowDown size={16} aria-hidden />
        </button>
        <button
          type="button"
          className={classes.textButton}
          aria-label={`Move ${code} to another run`}
          onClick={() => startMove(stop)}
        >
          Move to…
        </button>
        <button
          type="button"
          className={classes.iconButton}
          aria-label={`Remove ${code} from the run`}
          onClick={() => remove(run, code)}
        >
          <IconX size={16} aria-hidden />
        </button>
      </div>
    </li>
  );
}

/** The run's stops in order, to reorder by drag (pointer or keys) or by the buttons of each stop. */
function RunStops({ run, reorder, startMove, remove }: Pick<RunCardProps, 'run' | 'reorder' | 'startMove' | 'remove'>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const codes = codesOf(run);

  function dropped({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    reorder(run, moveCode(codes, codes.indexOf(String(active.id)), codes.indexOf(String(over.id))));
  }

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dropped}>
      <SortableContext items={codes} strategy={verticalListSortingStrategy}>
        <ol id={`run-${run.id}-stops`} className={classes.stops} aria-label={`Stops of ${run.driverName}, in order`}>
          {run.stops.map((stop) => (
            <StopRow
              key={stop.trackingCode}
              stop={stop}
              run={run}
              count={run.stops.length}
              reorder={reorder}
              startMove={(chosen) => startMove(run, chosen)}
              remove={remove}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

/**
 * One driver's run of the day: its summary (driver, stops, done), and its stops in order to reorder by
 * drag or keys, move, remove or print. The stops are listed on a small day and, on a big one, once the
 * run is opened: hundreds of sortable stops at once made a day of 2,000 packages take seconds to show.
 */
export function RunCard({ run, busy, reorder, startMove, remove, deleteRun, initiallyListed }: RunCardProps) {
  const [listed, setListed] = useState(initiallyListed);
  const titleId = `run-${run.id}-title`;
  const done = run.stops.filter(isStopDone).length;

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby={titleId} className={classes.run}>
      <Group justify="space-between" align="flex-start" gap="xs" mb={listed ? 'xs' : 0}>
        <div>
          <Title order={3} size="h4" id={titleId}>
            {run.driverName || 'Driver'}
          </Title>
          <Text size="sm" c="dimmed">
            {countOf(run.stops.length, 'stop', 'stops')}, {done} done
          </Text>
        </div>
        <Group gap={4}>
          {run.stops.length > 0 ? (
            <button
              type="button"
              className={classes.toggle}
              aria-expanded={listed}
              aria-controls={listed ? `run-${run.id}-stops` : undefined}
              aria-label={`Stops of ${run.driverName}`}
              onClick={() => setListed(!listed)}
            >
              Stops
              <IconChevronDown size={16} aria-hidden className={classes.chevron} />
            </button>
          ) : null}
          <Button
            component="a"
            href={`/api/admin/runs/${encodeURIComponent(run.id)}/sheet.pdf`}
            target="_blank"
            rel="noopener"
            size="compact-sm"
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden />}
            aria-label={`Print run sheet of ${run.driverName}`}
          >
            Print run sheet
          </Button>
          <ActionIcon
            variant="default"
            aria-label={`Delete the run of ${run.driverName}`}
            onClick={() => deleteRun(run)}
            disabled={busy}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      {run.stops.length === 0 ? (
        <Text size="sm" c="dimmed">
          No stops yet: select packages and assign them to this run.
        </Text>
      ) : listed ? (
        <RunStops run={run} reorder={reorder} startMove={startMove} remove={remove} />
      ) : null}
    </Paper>
  );
}
