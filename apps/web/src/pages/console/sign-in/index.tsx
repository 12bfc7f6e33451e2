import { Container, Title } from '@mantine/core';

export const handle = { title: 'Sign in | Waybill Console' };

export function Component() {
  return (
    <Container py="xl">
      <Title order={1}>Sign in</Title>
    </Container>
  );
}
