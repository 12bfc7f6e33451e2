import { Alert, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '../../../lib/format-date.ts';
import { usePackagePreferences } from '../api/package-preferences.ts';
import classes from './package-details.module.css';

/**
 * The details dialog's "Delivery choices": the instructions and the safe place the recipient or the
 * sender set on the tracking page, with who set them and when. Shown once something was set.
 */
export function PackagePreferences({ trackingCode }: { trackingCode: string }) {
  const preferences = usePackagePreferences(trackingCode);
  if (preferences.error) {
    return (
      <Alert color="red" variant="light" title="Delivery choices">
        The recipient's delivery choices could not be loaded.
      </Alert>
    );
  }
  const chosen = preferences.data;
  if (!chosen?.setBy) return null;
  const headingId = `choices-${trackingCode}`;
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h5" mb="xs" id={headingId}>
        Delivery choices
      </Title>
      <Stack gap={4}>
        {chosen.safePlaceWords ? (
          <Text size="sm" fw={600}>
            {chosen.safePlaceWords}
          </Text>
        ) : null}
        {chosen.instructions ? (
          <Text size="sm" className={classes.roadNote}>
            {chosen.instructions}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          Set by the {chosen.setBy === 'recipient' ? 'recipient' : 'sender'} on the tracking page,{' '}
          <time dateTime={chosen.setAt ?? undefined}>{chosen.setAt ? formatDateTime(chosen.setAt) : ''}</time>
        </Text>
      </Stack>
    </section>
  );
}
