import { Badge, Card, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconCircleCheck, IconMapPin } from '@tabler/icons-react';
import { currentLocation, type TrackResult, trackingView } from '@waybill/domain';
import type { ReactNode } from 'react';
import { formatDate } from '../../../lib/format-date.ts';
import { statusSwatch } from '../../../lib/status-swatch.ts';
import { LocationUpdates } from './location-updates.tsx';
import { RoadStatus } from './road-status.tsx';
import { TrackingProgress } from './tracking-progress.tsx';
import { TrackingTimeline } from './tracking-timeline.tsx';

/** Shown instead of an estimated delivery that has passed while the package is still on its way. */
export const RUNNING_LATE = 'Running late — we are working on it';

/** What a customer sees about one package: number, status, progress, location and timeline. */
export function TrackResultCard({ result }: { result: TrackResult }) {
  const { showsEstimate } = trackingView(result.status);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="track-result-title">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Text size="sm" c="dimmed" id="track-result-title">
              Tracking number
            </Text>
            <Text fz="xl" fw={700} ff="monospace" data-testid="tracking-number">
              {result.trackingNumber}
            </Text>
          </div>
          <Badge
            size="lg"
            tt="none"
            maw="100%"
            color={statusSwatch(result.status)}
            // The colour sits in the dot; the text keeps the page's own colour, so every status stays readable.
            variant="dot"
            data-testid="tracking-status"
          >
            {result.status}
          </Badge>
        </Group>

        <TrackingProgress status={result.status} />

        <RoadStatus result={result} />

        {result.delivery ? (
          <Group gap="xs" wrap="nowrap" data-testid="tracking-delivery">
            <IconCircleCheck size={18} aria-hidden />
            {/* Initials only, as the server sends them: the name, photo and signature stay private. */}
            <Text fw={500}>
              Delivered on {formatDate(result.delivery.deliveredAt)}, received by {result.delivery.receivedBy}
            </Text>
          </Group>
        ) : null}

        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {showsEstimate && result.estimatedDelivery && (
            <Fact icon={<IconCalendarEvent size={18} aria-hidden />} label="Estimated delivery">
              {/* A date that has passed reads as a broken promise; the server decides, on its clock. */}
              {result.late ? RUNNING_LATE : formatDate(result.estimatedDelivery)}
            </Fact>
          )}
          <Fact icon={<IconMapPin size={18} aria-hidden />} label="Current location">
            {currentLocation(result.locationUpdates)}
          </Fact>
        </SimpleGrid>

        <Divider />

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
          <div>
            <Title order={2} size="h5" mb="sm">
              Delivery stages
            </Title>
            <TrackingTimeline status={result.status} />
          </div>
          <div>
            <Title order={2} size="h5" mb="sm">
              Location updates
            </Title>
            <LocationUpdates updates={result.locationUpdates} />
          </div>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      {icon}
      <div>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text fw={500}>{children}</Text>
      </div>
    </Group>
  );
}
