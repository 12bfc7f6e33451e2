import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconMapPin, IconPackage, IconPhone, IconTruckLoading, IconX } from '@tabler/icons-react';
import { memo } from 'react';
import { isDone, type StopProgress, type StopState } from '../stop-progress.ts';

const STATE_LABEL: Record<StopState, string> = {
  'to-load': 'To load',
  loaded: 'Loaded',
  delivered: 'Delivered',
  attempted: 'Attempted',
  returning: 'Returning to sender',
};

const STATE_COLOUR: Record<StopState, string> = {
  'to-load': 'gray',
  loaded: 'blue',
  delivered: 'green',
  attempted: 'orange',
  returning: 'indigo',
};

/**
 * A state's badge: a dot in the state's colour beside the word in the text's own colour (Mantine's
 * light badge puts coloured text on a tint of itself, under 4.5:1 for the greens and oranges).
 */
export function StateBadge({ state }: { state: StopState }) {
  return (
    <Badge color={STATE_COLOUR[state]} variant="dot" size="lg" style={{ flexShrink: 0 }}>
      {STATE_LABEL[state]}
    </Badge>
  );
}

/** The address in the phone's maps app (Google Maps' universal link opens the app where it is installed). */
export function mapsLink(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** A phone number as a tel: link keeps its digits and a leading +. */
export function telLink(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** What the driver can do at a stop: load it, or open the delivery's or the failed attempt's dialog. */
export type StopAction = 'loaded' | 'delivered' | 'attempt';

interface StopCardProps {
  entry: StopProgress;
  count: number;
  /** Told which button was pressed, with the stop's tracking code. */
  onAct: (action: StopAction, trackingCode: string) => void;
}

/**
 * One stop, as the driver works it: where, who, and the three things that can happen there. Drawn again
 * only when its props change.
 */
export const StopCard = memo(function StopCard({ entry, count, onAct }: StopCardProps) {
  const { stop, state } = entry;
  const done = isDone(state);
  const onLoaded = () => onAct('loaded', stop.trackingCode);
  const onDelivered = () => onAct('delivered', stop.trackingCode);
  const onAttempt = () => onAct('attempt', stop.trackingCode);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="stop-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" c="dimmed" fw={600}>
            Stop {stop.position} of {count}
          </Text>
          <StateBadge state={state} />
        </Group>
        <Title order={2} size="h3" id="stop-title">
          {stop.receiverName}
        </Title>
        <Anchor href={mapsLink(stop.destination)} target="_blank" rel="noopener" size="lg" fw={500}>
          <Group gap={8} wrap="nowrap" align="flex-start">
            <IconMapPin size={22} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <span>{stop.destination}</span>
          </Group>
        </Anchor>
        <Anchor href={telLink(stop.receiverPhone)} size="lg" fw={500}>
          <Group gap={8} wrap="nowrap">
            <IconPhone size={22} aria-hidden />
            <span>Call {stop.receiverPhone}</span>
          </Group>
        </Anchor>
        <Text size="sm" c="dimmed">
          Package {stop.trackingCode}
        </Text>
        {stop.safePlaceWords || stop.instructions ? (
          <Alert color="blue" variant="light" title="At the door" role="note">
            {stop.safePlaceWords ? <Text fw={600}>{stop.safePlaceWords}</Text> : null}
            {stop.instructions ? <Text style={{ whiteSpace: 'pre-line' }}>{stop.instructions}</Text> : null}
          </Alert>
        ) : null}
        {entry.attemptReason && state === 'attempted' ? (
          <Alert color="orange" variant="light" title="Attempted today">
            {entry.attemptReason}
          </Alert>
        ) : null}
        {entry.refusals.map((message) => (
          <Alert key={message} color="red" variant="light" title="Not accepted by the server" role="alert">
            {message}
          </Alert>
        ))}
        {done ? null : (
          <Stack gap="sm" mt="xs">
            {state === 'to-load' ? (
              <Button size="xl" variant="light" leftSection={<IconTruckLoading aria-hidden />} onClick={onLoaded}>
                Loaded
              </Button>
            ) : null}
            <Button size="xl" color="green" leftSection={<IconCheck aria-hidden />} onClick={onDelivered}>
              Delivered
            </Button>
            <Button size="xl" variant="default" leftSection={<IconX aria-hidden />} onClick={onAttempt}>
              Could not deliver
            </Button>
          </Stack>
        )}
        {state === 'delivered' ? (
          <Group gap={6} c="green">
            <IconPackage size={18} aria-hidden />
            <Text size="sm">Delivered. Nothing more to do here.</Text>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
});
