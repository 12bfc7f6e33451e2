import { Container, Paper, Text, Title } from '@mantine/core';
import AccountRequestForm from '../../../islands/account-request-form.tsx';
import { Island } from '../../../islands/runtime/island.tsx';

export const handle = {
  title: 'Request an Account | Waybill',
  description: 'Ship regularly? Request a business account with Waybill and our team will contact you to set it up.',
};

/** /request-account: the account request form; a received request lands on /thank-you. */
export function Component() {
  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="xs">
        Request an Account
      </Title>
      <Text c="dimmed" mb="xl">
        Tell us about you and your business. Our team will review your request and contact you.
      </Text>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Island of={AccountRequestForm} props={{}} />
      </Paper>
    </Container>
  );
}
