import { Center, Loader, Stack } from '@mantine/core';
import {
  canChangePreferences,
  DELIVERED_STATUS,
  RATING_DAYS,
  TOAST_MS,
  type TrackResult,
  updatesClosedReason,
} from '@waybill/domain';
import { useEffect } from 'react';
import { SCREEN_ONLY } from '../../../components/shell/print.ts';
import { serverMessageOr } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useRoadRefresh, useTrackResult } from '../api/track-package.ts';
import { ManageDelivery } from './manage-delivery.tsx';
import { RateDelivery } from './rate-delivery.tsx';
import { TextUpdatesForm } from './text-updates-form.tsx';
import { TrackHelp } from './track-help.tsx';
import { TrackResultCard } from './track-result-card.tsx';
import { TrackSearch } from './track-search.tsx';
import { TrackingUpdatesForm } from './tracking-updates-form.tsx';

const TRACKING_FAILED = 'Failed to track package.';

interface TrackPackageProps {
  /** The code being tracked ('' for none), already normalised. */
  code: string;
  /** The server's answer for `code` when it rendered the page: a result, or null with `initialError`. */
  initial?: TrackResult | null;
  /** Why the server had no answer for `code` (SPEC §8: shown as a Tracking Error toast). */
  initialError?: string | null;
  /** Asks to track another code (the page turns it into the /track/{code} address). */
  onTrackCode: (code: string) => void;
  /** Asks to track several codes at once (the page lists them); without it, the first is tracked. */
  onTrackCodes?: (codes: string[]) => void;
  /** The server can send texts: text updates are offered beside the e-mail ones. */
  textUpdates?: boolean;
}

/** A delivered package may be rated for RATING_DAYS days (the server decides; a delivery of unknown time is offered). */
function offersRating(result: TrackResult): boolean {
  if (result.status !== DELIVERED_STATUS) return false;
  if (!result.delivery) return true;
  return Date.parse(result.delivery.deliveredAt) + RATING_DAYS * 86_400_000 > Date.now();
}

/** The tracking widget: search box, then the result, a spinner or the help prompt. */
export function TrackPackage({
  code,
  initial,
  initialError,
  onTrackCode,
  onTrackCodes,
  textUpdates = false,
}: TrackPackageProps) {
  const query = useTrackResult(code, initial);
  const { error } = query;

  // The server's own "not found" for the code of the address, told as a failed answer is.
  useEffect(() => {
    if (initialError) notifyError({ title: 'Tracking Error', message: initialError, autoClose: TOAST_MS.error });
  }, [initialError]);

  // One toast per failed answer: every failed fetch, a repeat of the same code too, throws a new error.
  useEffect(() => {
    if (!error) return;
    notifyError({
      title: 'Tracking Error',
      // SPEC §8: the server's message, else this text (a proxy's HTML 502, a lost connection).
      message: serverMessageOr(error, TRACKING_FAILED),
      autoClose: TOAST_MS.error,
    });
  }, [error]);

  function track(codes: string[]) {
    if (codes.length > 1 && onTrackCodes) {
      onTrackCodes(codes);
      return;
    }
    const next = codes[0] ?? '';
    if (next === code) void query.refetch();
    else onTrackCode(next);
  }

  // A failed answer clears the result, even when an earlier answer for the same code was shown.
  const result = query.isError ? undefined : query.data;
  useRoadRefresh(code, typeof result?.stopsAway === 'number');
  return (
    <Stack gap="xl">
      {/* On paper only the result prints (the shell's bar, footer and chat button hide themselves). */}
      <div className={SCREEN_ONLY}>
        <TrackSearch key={code} initialCode={code} loading={query.isFetching} onTrack={track} />
      </div>
      {result ? (
        <>
          <TrackResultCard result={result} />
          {offersRating(result) ? (
            <div className={SCREEN_ONLY}>
              <RateDelivery key={result.trackingCode} code={result.trackingCode} />
            </div>
          ) : null}
          {canChangePreferences(result.status) ? (
            <div className={SCREEN_ONLY}>
              <ManageDelivery key={result.trackingCode} code={result.trackingCode} />
            </div>
          ) : null}
          {/* A delivered or rejected package will not move again: no updates to offer. */}
          {updatesClosedReason(result.status) ? null : (
            <div className={SCREEN_ONLY}>
              <TrackingUpdatesForm key={result.trackingCode} code={result.trackingCode} />
            </div>
          )}
          {textUpdates && !updatesClosedReason(result.status) ? (
            <div className={SCREEN_ONLY}>
              <TextUpdatesForm key={result.trackingCode} code={result.trackingCode} />
            </div>
          ) : null}
        </>
      ) : query.isFetching ? (
        <Center py="xl" className={SCREEN_ONLY}>
          <Loader aria-label="Tracking your package" />
        </Center>
      ) : (
        <div className={SCREEN_ONLY}>
          <TrackHelp />
        </div>
      )}
    </Stack>
  );
}
