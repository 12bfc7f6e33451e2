import { Badge, Loader, Paper, Text, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { countOf, descriptionForStatus, type TrackResult, trackingView } from '@waybill/domain';
import { ApiError, serverMessageOr } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { statusSwatch } from '../../../lib/status-swatch.ts';
import { trackingPagePath } from '../tracking-path.ts';
import classes from './track-list.module.css';

const TRACKING_FAILED = 'Failed to track package.';
const RUNNING_LATE = 'Running late…';

interface TrackListProps {
  codes: readonly string[];
  /** The answer of each code, in the same order. */
  results: readonly UseQueryResult<TrackResult>[];
}

/** Several tracked codes, one compact row each (status, code, delivery); a row opens the code's own page. */
export function TrackList({ codes, results }: TrackListProps) {
  return (
    <section aria-labelledby="track-list-title">
      <Title order={2} size="h4" mb="sm" id="track-list-title">
        {countOf(codes.length, 'package', 'packages')}
      </Title>
      <Paper withBorder radius="md" component="ul" className={classes.list}>
        {codes.map((code, index) => (
          <li key={code} className={classes.item} data-testid="tracking-row">
            <a href={trackingPagePath([code])} className={classes.row}>
              <Row code={code} result={results[index]} />
              <IconChevronRight size={18} aria-hidden />
            </a>
          </li>
        ))}
      </Paper>
    </section>
  );
}

function Row({ code, result }: { code: string; result: UseQueryResult<TrackResult> | undefined }) {
  const [badge, line] = describe(result);
  return (
    <>
      <div className={classes.details}>
        <Text component="span" display="block" ff="monospace" fw={700} style={{ overflowWrap: 'anywhere' }}>
          {code}
        </Text>
        <Text component="span" display="block" size="sm" c="dimmed">
          {line}
        </Text>
      </div>
      {badge}
    </>
  );
}

/** The row's badge and the line under its code, for each state of its answer. */
function describe(result: UseQueryResult<TrackResult> | undefined): [React.ReactNode, string] {
  if (!result || result.isPending) {
    return [<Loader key="loader" size="xs" aria-hidden />, 'Looking it up…'];
  }
  // A failed refresh shows the failure, not the answer from before (as one code's page does).
  if (result.isError) {
    const notFound = result.error instanceof ApiError && result.error.status === 404;
    return [
      <Badge
        key="badge"
        variant="dot"
        color={notFound ? 'gray' : 'red'}
        tt="none"
        size="lg"
        data-testid="tracking-status"
      >
        {notFound ? 'Not found' : 'Not checked'}
      </Badge>,
      notFound ? 'No package has this code. Check it and try again.' : serverMessageOr(result.error, TRACKING_FAILED),
    ];
  }
  const answer = result.data;
  return [
    <Badge
      key="badge"
      variant="dot"
      color={statusSwatch(answer.status)}
      tt="none"
      size="lg"
      maw="50%"
      data-testid="tracking-status"
    >
      {answer.status}
    </Badge>,
    deliveryLine(answer),
  ];
}

function deliveryLine(answer: TrackResult): string {
  // Once delivered or rejected no estimate belongs here; a date that has passed is not shown either,
  // as on the package's own page.
  if (!trackingView(answer.status).showsEstimate) {
    return answer.delivery
      ? `Delivered on ${formatDate(answer.delivery.deliveredAt)}`
      : descriptionForStatus(answer.status);
  }
  if (answer.late) return RUNNING_LATE;
  if (answer.estimatedDelivery) return `Estimated delivery ${formatDate(answer.estimatedDelivery)}`;
  return 'No delivery estimate yet';
}
