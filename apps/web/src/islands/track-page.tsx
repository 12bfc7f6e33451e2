import { parseTrackingCodes, TRACKING_CODES_TOO_MANY, type TrackResult } from '@waybill/domain';
import { TrackPackage } from '../features/tracking/components/track-package.tsx';
import { TrackSeveral } from '../features/tracking/components/track-several.tsx';
import { trackingPagePath } from '../features/tracking/tracking-path.ts';
import { defineIsland } from './runtime/define-island.ts';

export interface TrackPageProps {
  /** The code of `/track/{code}`, normalised; '' on /track. */
  code: string;
  /** The server's answer for `code`; null when it has none (see `error`) or there is no code. */
  result: TrackResult | null;
  /** Why the server has no answer for `code` (an unknown code). */
  error: string | null;
  /** The `codes` of `/track?codes=…` as the address gives them ('' for none). */
  listed: string;
  /** The server can send texts (SMS_PROVIDER): the result offers text updates. */
  texts?: boolean;
}

/** Each search is an address of its own (a history entry, a link to keep or share), answered by the server. */
const track = (codes: string[]) => window.location.assign(trackingPagePath(codes));

/** /track, /track/{code} and /track?codes=…: the search box with one code's answer or several codes' list. */
function TrackPage({ code, result, error, listed, texts = false }: TrackPageProps) {
  const parsed = parseTrackingCodes(listed);
  // An address without codes is the empty search; one with too many says so above an empty list.
  const several = listed !== '' && (parsed.ok || parsed.message === TRACKING_CODES_TOO_MANY);
  if (several) return <TrackSeveral parsed={parsed} text={listed} onTrackCodes={track} />;
  return (
    <TrackPackage
      code={code}
      initial={code === '' ? undefined : result}
      initialError={error}
      onTrackCode={(next) => track([next])}
      onTrackCodes={track}
      textUpdates={texts}
    />
  );
}

export default defineIsland('track-page', TrackPage);
