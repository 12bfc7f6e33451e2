import { Container, Text, Title } from '@mantine/core';
import { normalizeTrackingCode } from '@waybill/domain';
import { useNavigate, useParams } from 'react-router';
import { SCREEN_ONLY } from '../../../components/shell/print.ts';
import { TrackPackage } from '../../../features/tracking/components/track-package.tsx';

export const handle = {
  title: 'Track a Package | Waybill',
  description:
    'Enter your tracking code to see where your package is, its delivery progress and every location update.',
};

/** /track and /track/:code; the code in the address makes a result shareable and tracks on load. */
export function Component() {
  const params = useParams();
  const navigate = useNavigate();
  const code = normalizeTrackingCode(params.code ?? '');
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
      {/* Each new code is a history entry of its own: Back returns to the code tracked before. */}
      <TrackPackage code={code} onTrackCode={(next) => navigate(`/track/${encodeURIComponent(next)}`)} />
    </Container>
  );
}
