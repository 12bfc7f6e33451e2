import { Container, Text, Title } from '@mantine/core';
import { SCREEN_ONLY } from '../../../components/shell/print.ts';
import { Island } from '../../../islands/runtime/island.tsx';
import TrackPage from '../../../islands/track-page.tsx';
import { usePageContext } from '../../../lib/site-content.tsx';

export const handle = {
  title: 'Track a Package | Waybill',
  description:
    'Enter your tracking code to see where your package is, its delivery progress and every location update.',
};

/**
 * /track, /track/{code} (rendered with the code's answer) and /track?codes=… (the list fills in once the
 * page's script has looked each code up). The island wakes at once when it has something to do on
 * arrival: codes to look up, a "not found" to announce, or a courier's count of stops to keep fresh.
 */
export function Component() {
  const { tracking, search, content } = usePageContext();
  const listed = search.get('codes') ?? '';
  const props = {
    code: tracking?.code ?? '',
    result: tracking?.result ?? null,
    error: tracking?.error ?? null,
    listed: tracking ? '' : listed,
    // Only with a text provider: without one the page's props are as they were.
    ...(content.texts ? { texts: true } : {}),
  };
  // A courier on the way: the island asks for the count again each minute from the start.
  const counting = typeof props.result?.stopsAway === 'number';
  const wakeOnLoad = props.error !== null || props.listed !== '' || counting;
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
      <Island of={TrackPage} props={props} wake={wakeOnLoad ? 'load' : 'interaction'} />
    </Container>
  );
}
