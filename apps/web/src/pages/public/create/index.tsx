import { Container, Text, Title } from '@mantine/core';
import { Island } from '../../../islands/runtime/island.tsx';
import ShipForm from '../../../islands/ship-form.tsx';
import { useSiteContent } from '../../../lib/site-content.tsx';

export const handle = {
  title: 'Ship a Package | Waybill',
  description:
    'Book a courier in minutes: enter the shipper, receiver and package details, review them and get your tracking code at once.',
};

/** /create: the shipping form. */
export function Component() {
  const { texts } = useSiteContent();
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="xs">
        Ship a Package
      </Title>
      <Text c="dimmed" mb="xl">
        Tell us who is sending, who is receiving and what is in the box. You will get a tracking code as soon as you
        submit.
      </Text>
      {/* Only with a text provider: without one the island's props are as they were. */}
      <Island of={ShipForm} props={texts ? { texts } : {}} />
    </Container>
  );
}
