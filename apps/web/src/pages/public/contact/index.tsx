import { Container, Text, Title } from '@mantine/core';

export const handle = {
  title: 'Contact Us | Waybill',
  description: 'Call, e-mail or visit Waybill: our team answers every message within 24 hours.',
};

/** /contact (placeholder until the full page lands). */
export function Component() {
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="sm">
        Contact Us
      </Title>
      <Text c="dimmed">Call, write or visit us: we are here to help.</Text>
    </Container>
  );
}
