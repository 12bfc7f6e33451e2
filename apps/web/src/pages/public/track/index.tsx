import { Container, Text, Title } from '@mantine/core';
import { normalizeTrackingCode, parseTrackingCodes, TRACKING_CODES_TOO_MANY } from '@waybill/domain';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { SCREEN_ONLY } from '../../../components/shell/print.ts';
import { TrackPackage } from '../../../features/tracking/components/track-package.tsx';
import { TrackSeveral } from '../../../features/tracking/components/track-several.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';

export const handle = {
  title: 'Track a Package | Waybill',
  description:
    'Enter your tracking code to see where your package is, its delivery progress and every location update.',
};

/** The address of one code's page, or of a list of several (`/track?codes=A,B`, kept to reload or share). */
function trackingPath(codes: string[]): string {
  if (codes.length === 1) return `/track/${encodeURIComponent(codes[0] ?? '')}`;
  return `/track?codes=${codes.map(encodeURIComponent).join(',')}`;
}

/** /track, /track/:code and /track?codes=…; the address makes a result shareable and tracks on load. */
export function Component() {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  // /track is prerendered without its query string: the list waits for hydration to read `codes`.
  const hydrated = useHydrated();
  const code = normalizeTrackingCode(params.code ?? '');
  const listed = hydrated && params.code === undefined ? (searchParams.get('codes') ?? '') : '';
  const parsed = parseTrackingCodes(listed);
  // Each new search is a history entry of its own: Back returns to the code or codes tracked before.
  const track = (codes: string[]) => navigate(trackingPath(codes));

  if (parsed.ok && parsed.codes.length === 1) return <Navigate replace to={trackingPath(parsed.codes)} />;
  // An address without codes is the empty search; one with too many says so above an empty list.
  const several = parsed.ok || parsed.message === TRACKING_CODES_TOO_MANY;
  return (
    <Container size="md" py="xl">
      <div className={SCREEN_ONLY}>
        <Title order={1} mb="xs">
          Track Your Package
        </Title>
        <Text c="dimmed" mb="xl">
          Follow your package from pickup to delivery.
        </Text>
      </div>
      {several ? (
        <TrackSeveral parsed={parsed} text={listed} onTrackCodes={track} />
      ) : (
        <TrackPackage code={code} onTrackCode={(next) => track([next])} onTrackCodes={track} />
      )}
    </Container>
  );
}
