import { Container, Title } from '@mantine/core';

export const handle = { title: 'Inbox | Waybill Console' };

export function Component() {
  return (
    <Container py="xl">
      <Title order={1}>Inbox</Title>
    </Container>
  );
}
