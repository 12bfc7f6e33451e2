import { Alert, Stack, Text, Title } from '@mantine/core';
import { starsWords } from '@waybill/domain';
import { formatDateTime } from '../../../lib/format-date.ts';
import { usePackageRating } from '../api/package-rating.ts';
import classes from './package-details.module.css';

/** Who rated, as the console says it. */
export const raterWords = (by: 'recipient' | 'shipper', how: 'check' | 'link') =>
  `By the ${by === 'recipient' ? 'recipient' : 'sender'}, ${how === 'link' ? 'from the delivery e-mail' : 'on the tracking page'}`;

/** The details dialog's "Rating": the stars, the comment, who rated and when. Shown once rated. */
export function PackageRatingSection({ trackingCode }: { trackingCode: string }) {
  const rating = usePackageRating(trackingCode);
  if (rating.error) {
    return (
      <Alert color="red" variant="light" title="Rating">
        The delivery's rating could not be loaded.
      </Alert>
    );
  }
  const given = rating.data;
  if (!given) return null;
  const headingId = `rating-${trackingCode}`;
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h5" mb="xs" id={headingId}>
        Rating
      </Title>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {starsWords(given.stars)}
        </Text>
        {given.comment ? (
          <Text size="sm" className={classes.roadNote}>
            {given.comment}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {raterWords(given.by, given.how)}, <time dateTime={given.ratedAt}>{formatDateTime(given.ratedAt)}</time>
          {given.driverName ? `. Delivered by ${given.driverName}` : ''}
        </Text>
      </Stack>
    </section>
  );
}
