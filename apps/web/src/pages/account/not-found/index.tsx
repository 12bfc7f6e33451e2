import { Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AccountPage } from '../../../components/account-shell/account-page.tsx';

export const handle = { title: 'Page Not Found | Waybill Business Account' };

/** An address under /account that no screen claims: the way back stays in the portal. */
export function Component() {
  return (
    <AccountPage title="Page not found">
      <Text c="dimmed" mb="xl">
        This page of your account does not exist or has moved.
      </Text>
      <Button component={Link} to="/">
        Back to shipments
      </Button>
    </AccountPage>
  );
}
