import { Button, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ConsolePage } from '../../../components/console-shell/console-page.tsx';

export const handle = { title: 'Page Not Found | Waybill Console' };

/** A console address no screen claims: the way back stays inside the console, to its dashboard. */
export function Component() {
  return (
    <ConsolePage centred contentWidth="36rem">
      <Text fw={800} fz={72} c="dimmed" aria-hidden>
        404
      </Text>
      <Title order={1} mb="sm">
        Page not found
      </Title>
      <Text c="dimmed" mb="xl">
        This console page does not exist or has moved. Check the address, or go back to the package dashboard.
      </Text>
      <Button component={Link} to="/" size="md">
        Back to the dashboard
      </Button>
    </ConsolePage>
  );
}
