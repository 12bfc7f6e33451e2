import { Container, Title } from '@mantine/core';

export const handle = { title: 'Plan Management | Waybill Console' };

export function Component() {
  return (
    <Container py="xl">
      <Title order={1}>Plan Management</Title>
    </Container>
  );
}
