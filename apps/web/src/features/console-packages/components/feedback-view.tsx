import { Alert, Anchor, Badge, Button, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FeedbackWeek, NOT_ON_A_RUN, type PackageView, starsWords } from '@waybill/domain';
import { useState } from 'react';
import { formatDate, formatDateTime } from '../../../lib/format-date.ts';
import { useFeedbackWeek } from '../api/get-feedback.ts';
import { packageQueryOptions } from '../api/get-package.ts';
import { notifyPackageError } from '../notify-package-error.ts';
import classes from './feedback-view.module.css';
import { PackageDetailsDialog } from './package-details-dialog.tsx';
import { raterWords } from './package-rating.tsx';

/** A YYYY-MM-DD day as the console writes it, in the reader's zone: "Mon, 23 Nov 2026". */
const dayWords = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return formatDate(new Date(year, month - 1, date));
};
const averageWords = (average: number) => average.toFixed(1);

interface FeedbackViewProps {
  /** The Monday asked for; undefined: this week. */
  week: string | undefined;
  /** This week's Monday: the next-week control stops there. */
  thisWeek: string;
  onWeekChange: (week: string) => void;
}

/** ADMIN_PATH/feedback: a week's ratings, per driver, the lowest first, each opening its package. */
export function FeedbackView({ week, thisWeek, onWeekChange }: FeedbackViewProps) {
  const feedback = useFeedbackWeek(week);
  const shown = feedback.data;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Feedback
        </Title>
        <Text mt={4}>How recipients and senders rated their deliveries, a week at a time: the lowest first.</Text>
      </div>
      <Stack gap="xs">
        <Title order={2} size="h4" aria-live="polite">
          {shown ? `Week of ${dayWords(shown.week)}` : 'Week'}
        </Title>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconChevronLeft size={16} aria-hidden />}
            disabled={!shown}
            onClick={() => shown && onWeekChange(shown.previousWeek)}
          >
            Previous week
          </Button>
          <Button
            variant="default"
            rightSection={<IconChevronRight size={16} aria-hidden />}
            disabled={!shown || shown.week >= thisWeek}
            onClick={() => shown && onWeekChange(shown.nextWeek)}
          >
            Next week
          </Button>
        </Group>
      </Stack>
      {feedback.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading the feedback" />
        </Center>
      ) : feedback.isError && !shown ? (
        <Alert color="red" variant="light" title="Could not load the feedback">
          {feedback.error.message}
        </Alert>
      ) : shown ? (
        <WeekFeedback feedback={shown} />
      ) : null}
    </Stack>
  );
}

function WeekFeedback({ feedback }: { feedback: FeedbackWeek }) {
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState<PackageView | null>(null);
  if (feedback.count === 0) {
    return (
      <Text ta="center" c="dimmed" py="xl">
        No ratings this week.
      </Text>
    );
  }
  const open = async (trackingCode: string) => {
    try {
      setOpened(await queryClient.fetchQuery(packageQueryOptions(trackingCode)));
    } catch (error) {
      notifyPackageError('Error fetching package details', error);
    }
  };
  return (
    <Stack gap="lg">
      <Text fw={600}>
        {feedback.count === 1 ? '1 rating' : `${feedback.count} ratings`}, {averageWords(feedback.average ?? 0)} stars
        on average
      </Text>
      <section aria-labelledby="feedback-drivers">
        <Title order={3} size="h5" mb="xs" id="feedback-drivers">
          By driver
        </Title>
        <Table.ScrollContainer minWidth={280}>
          <Table striped withTableBorder aria-labelledby="feedback-drivers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Driver</Table.Th>
                <Table.Th scope="col" ta="right">
                  Ratings
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Average
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {feedback.drivers.map((driver) => (
                <Table.Tr key={driver.driverId ?? 'none'}>
                  <Table.Th scope="row" fw={driver.driverId ? 600 : 400}>
                    {driver.name}
                  </Table.Th>
                  <Table.Td ta="right">{driver.count}</Table.Td>
                  <Table.Td ta="right">{averageWords(driver.average)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </section>
      <section aria-labelledby="feedback-ratings">
        <Title order={3} size="h5" mb="xs" id="feedback-ratings">
          Ratings
        </Title>
        {feedback.ratings.length < feedback.count ? (
          <Text size="sm" c="dimmed" mb="xs">
            Showing the first {feedback.ratings.length} of {feedback.count}.
          </Text>
        ) : null}
        <Stack gap="sm" component="ul" className={classes.list}>
          {feedback.ratings.map((rating) => {
            const low = rating.stars <= 2;
            return (
              <Paper
                key={rating.trackingCode}
                component="li"
                withBorder
                className={low ? `${classes.rating} ${classes.low}` : classes.rating}
              >
                <Group justify="space-between" gap="xs" align="baseline">
                  <Group gap="xs" align="baseline">
                    <Text fw={700}>{starsWords(rating.stars)}</Text>
                    {low ? (
                      <Badge color="red" variant="light">
                        Low
                      </Badge>
                    ) : null}
                  </Group>
                  <Anchor
                    component="button"
                    type="button"
                    ff="monospace"
                    onClick={() => void open(rating.trackingCode)}
                    aria-label={`Open package ${rating.trackingCode}`}
                  >
                    {rating.trackingCode}
                  </Anchor>
                </Group>
                {rating.comment ? (
                  <Text size="sm" mt={4} className={classes.comment}>
                    {rating.comment}
                  </Text>
                ) : null}
                <Text size="sm" c="dimmed" mt={4}>
                  {raterWords(rating.by, rating.how)},{' '}
                  <time dateTime={rating.ratedAt}>{formatDateTime(rating.ratedAt)}</time>.{' '}
                  {rating.driverName ? `Driver: ${rating.driverName}` : NOT_ON_A_RUN}
                </Text>
              </Paper>
            );
          })}
        </Stack>
      </section>
      <PackageDetailsDialog pkg={opened} onClose={() => setOpened(null)} />
    </Stack>
  );
}
