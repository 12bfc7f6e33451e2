import { Container, Text, Title } from '@mantine/core';

export const handle = {
  title: 'Help Center | Waybill',
  description: 'Answers about shipping, tracking and billing, and a support team that responds within 24 hours.',
};

/** /support (placeholder until the full page lands). */
export function Component() {
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="sm">
        Help Center
      </Title>
      <Text c="dimmed">Find answers or reach our support team, any hour of the day.</Text>
    </Container>
  );
}
