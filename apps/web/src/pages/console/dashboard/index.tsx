import { Container, Title } from '@mantine/core';

export const handle = { title: 'Package Management Dashboard | Waybill Console' };

export function Component() {
  return (
    <Container py="xl">
      <Title order={1}>Package Management Dashboard</Title>
    </Container>
  );
}
