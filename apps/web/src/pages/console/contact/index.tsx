import { Container, Title } from '@mantine/core';

export const handle = { title: 'Send Mail | Waybill Console' };

export function Component() {
  return (
    <Container py="xl">
      <Title order={1}>Send Mail</Title>
    </Container>
  );
}
