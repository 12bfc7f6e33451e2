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
import { ActionIcon, Badge, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPrinter, IconTrash, IconX } from '@tabler/icons-react';
import { countOf, type Run, type RunStop } from '@waybill/domain';
import { codesOf, moveCode } from '../stop-order.ts';
import classes from './dispatch.module.css';

export interface RunCardActions {
  /** Saves the run's stops in a new order. */
  reorder: (run: Run, codes: string[]) => void;
  /** Moves a stop to another run of the day (the end of its stops). */
  moveTo: (code: string, target: Run) => void;
  remove: (run: Run, code: string) => void;
  deleteRun: (run: Run) => void;
}

interface RunCardProps extends RunCardActions {
  run: Run;
  /** The day's other runs, where a stop can go. */
  others: Run[];
  busy: boolean;
}

function StopRow({
  stop,
  run,
  others,
  count,
  busy,
  reorder,
  moveTo,
  remove,
}: { stop: RunStop; run: Run; others: Run[]; count: number; busy: boolean } & Omit<RunCardActions, 'deleteRun'>) {
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
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          className={classes.handle}
          aria-label={`Drag ${code} to another place (stop ${stop.position} of ${count})`}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={18} aria-hidden />
        </ActionIcon>
        <Text fw={700} w="1.6rem" ta="right" aria-hidden>
          {stop.position}.
        </Text>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text ff="monospace" fw={700} size="sm">
              {code}
            </Text>
            <Badge variant="light" color="gray" size="sm" radius="sm" tt="none">
              {stop.status}
            </Badge>
          </Group>
          <Text size="sm">{stop.receiverName}</Text>
          <Text size="sm" c="dimmed" lineClamp={2}>
            {stop.destination}
          </Text>
        </Stack>
      </Group>
      <Group gap={4} mt={6} wrap="wrap" justify="flex-end">
        <ActionIcon
          variant="default"
          aria-label={`Move ${code} up`}
          onClick={() => reorder(run, moveCode(codes, index, index - 1))}
          aria-disabled={index === 0 || undefined}
          data-disabled={index === 0 || undefined}
        >
          <IconArrowUp size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="default"
          aria-label={`Move ${code} down`}
          onClick={() => reorder(run, moveCode(codes, index, index + 1))}
          aria-disabled={index === count - 1 || undefined}
          data-disabled={index === count - 1 || undefined}
        >
          <IconArrowDown size={16} aria-hidden />
        </ActionIcon>
        {others.length > 0 ? (
          <NativeSelect
            size="xs"
            aria-label={`Move ${code} to another run`}
            value=""
            disabled={busy}
            data={[
              { value: '', label: 'Move to…' },
              ...others.map((other) => ({ value: other.id, label: other.driverName })),
            ]}
            onChange={(event) => {
              const target = others.find((other) => other.id === event.currentTarget.value);
              if (target) moveTo(code, target);
            }}
          />
        ) : null}
        <ActionIcon variant="default" aria-label={`Remove ${code} from the run`} onClick={() => remove(run, code)}>
          <IconX size={16} aria-hidden />
        </ActionIcon>
      </Group>
    </li>
  );
}

/** One driver's run of the day: its stops in order, to reorder by drag or keys, move, remove or print. */
export function RunCard({ run, others, busy, reorder, moveTo, remove, deleteRun }: RunCardProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const codes = codesOf(run);
  const titleId = `run-${run.id}-title`;

  function dropped({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    reorder(run, moveCode(codes, codes.indexOf(String(active.id)), codes.indexOf(String(over.id))));
  }

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby={titleId} className={classes.run}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="xs">
        <div>
          <Title order={3} size="h4" id={titleId}>
            {run.driverName || 'Driver'}
          </Title>
          <Text size="sm" c="dimmed">
            {countOf(run.stops.length, 'stop', 'stops')}
          </Text>
        </div>
        <Group gap={4}>
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
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dropped}>
          <SortableContext items={codes} strategy={verticalListSortingStrategy}>
            <ol className={classes.stops} aria-label={`Stops of ${run.driverName}, in order`}>
              {run.stops.map((stop) => (
                <StopRow
                  key={stop.trackingCode}
                  stop={stop}
                  run={run}
                  others={others}
                  count={run.stops.length}
                  busy={busy}
                  reorder={reorder}
                  moveTo={moveTo}
                  remove={remove}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
    </Paper>
  );
}
