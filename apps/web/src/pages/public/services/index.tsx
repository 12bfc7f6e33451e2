import { Container, Text, Title } from '@mantine/core';

export const handle = {
  title: 'Services | Waybill',
  description:
    'Express, international and freight delivery, plus secure transport, same-day rush and e-commerce solutions.',
};

/** /services (placeholder until the full page lands). */
export function Component() {
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="sm">
        Services
      </Title>
      <Text c="dimmed">Express, international and freight delivery for people and businesses.</Text>
    </Container>
  );
}
