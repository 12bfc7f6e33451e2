import { Container, Text, Title } from '@mantine/core';

export const handle = {
  title: 'Pricing | Waybill',
  description: 'Simple per-package prices for standard, express and same-day delivery, with insurance included.',
};

/** /pricing (placeholder until the full page lands). */
export function Component() {
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="sm">
        Pricing
      </Title>
      <Text c="dimmed">Clear, per-package prices for every delivery speed.</Text>
    </Container>
  );
}
