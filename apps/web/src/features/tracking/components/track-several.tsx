import { Alert, Stack } from '@mantine/core';
import type { ParsedTrackingCodes } from '@waybill/domain';
import { SCREEN_ONLY } from '../../../components/shell/print.ts';
import { useTrackResults } from '../api/track-packages.ts';
import { TrackList } from './track-list.tsx';
import { TrackSearch } from './track-search.tsx';

interface TrackSeveralProps {
  /** The codes of the address (`?codes=`) as read by parseTrackingCodes: several codes, or why not. */
  parsed: ParsedTrackingCodes;
  /** The address's text, shown in the box when it could not be read. */
  text: string;
  /** Asks to track other codes (the page turns them into an address). */
  onTrackCodes: (codes: string[]) => void;
}

/** Several codes at once: the search box holding them, then a compact list of their answers. */
export function TrackSeveral({ parsed, text, onTrackCodes }: TrackSeveralProps) {
  const codes = parsed.ok ? parsed.codes : [];
  const results = useTrackResults(codes);

  function track(next: string[]) {
    if (next.length === codes.length && next.every((code, index) => code === codes[index])) {
      for (const result of results) void result.refetch();
    } else onTrackCodes(next);
  }

  const shown = parsed.ok ? codes.join(', ') : text;
  return (
    <Stack gap="xl">
      <div className={SCREEN_ONLY}>
        <TrackSearch
          key={shown}
          initialCode={shown}
          loading={results.some((result) => result.isFetching)}
          onTrack={track}
        />
      </div>
      {parsed.ok ? (
        <TrackList codes={codes} results={results} />
      ) : (
        <Alert color="red" variant="light" title="These codes cannot be tracked">
          {parsed.message}
        </Alert>
      )}
    </Stack>
  );
}
