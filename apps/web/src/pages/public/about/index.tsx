import { Container, Text, Title } from '@mantine/core';

export const handle = {
  title: 'About Us | Waybill',
  description: 'Since 2010 Waybill has delivered more than 50 million packages for over 10,000 customers.',
};

/** /about (placeholder until the full page lands). */
export function Component() {
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="sm">
        About Us
      </Title>
      <Text c="dimmed">The people and the network behind every Waybill delivery.</Text>
    </Container>
  );
}
