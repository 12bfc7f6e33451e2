import { Alert, Anchor, Badge, Group, Image, Stack, Text, Title } from '@mantine/core';
import type { RoadEntry } from '@waybill/domain';
import { formatDateTime } from '../../../lib/format-date.ts';
import { usePackageRoad } from '../api/package-road.ts';
import classes from './package-details.module.css';

/**
 * The details dialog's "From the road": each failed attempt (when, why, the driver's note and photo)
 * and each note a driver sent, newest first. Operators only; nothing of it is on the tracking page.
 * Shown once the road has told something.
 */
export function PackageRoad({ trackingCode }: { trackingCode: string }) {
  const road = usePackageRoad(trackingCode);
  if (road.error) {
    return (
      <Alert color="red" variant="light" title="From the road">
        What the drivers reported could not be loaded.
      </Alert>
    );
  }
  const entries = road.data?.entries ?? [];
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby={`road-${trackingCode}`}>
      <Title order={3} size="h5" mb="xs" id={`road-${trackingCode}`}>
        From the road
      </Title>
      <Stack gap="sm" component="ol" className={classes.roadList}>
        {entries.map((entry) => (
          <RoadItem key={entry.id} entry={entry} />
        ))}
      </Stack>
    </section>
  );
}

function RoadItem({ entry }: { entry: RoadEntry }) {
  const attempt = entry.type === 'attempt_failed';
  return (
    <li className={classes.roadItem}>
      <Group gap="xs" wrap="wrap">
        <Badge color={attempt ? 'orange' : 'gray'} variant="light">
          {attempt ? 'Could not deliver' : 'Note'}
        </Badge>
        <Text size="sm" c="dimmed" component="time" dateTime={entry.at}>
          {formatDateTime(entry.at)} · {entry.driverName}
        </Text>
      </Group>
      {attempt && entry.reason ? (
        <Text size="sm" fw={600} mt={4}>
          {entry.reason}
        </Text>
      ) : null}
      {entry.note ? (
        <Text size="sm" mt={4} className={classes.roadNote}>
          {entry.note}
        </Text>
      ) : null}
      {entry.photoUrl ? (
        <Anchor
          href={entry.photoUrl}
          target="_blank"
          rel="noopener"
          aria-label={`Open the photo of the attempt of ${formatDateTime(entry.at)} full size`}
          display="inline-block"
          mt="xs"
        >
          <Image
            src={entry.photoThumbnailUrl ?? entry.photoUrl}
            alt={`Photo of the attempt: ${entry.reason ?? 'could not deliver'}`}
            radius="sm"
            maw={200}
          />
        </Anchor>
      ) : null}
    </li>
  );
}
