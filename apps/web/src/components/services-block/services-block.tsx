import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBolt, IconBox, IconPlaneDeparture, IconTruck } from '@tabler/icons-react';
import { MARKETING } from '@waybill/domain';

const SERVICES = [
  {
    icon: IconBolt,
    title: 'Express Delivery',
    text: `Door to door in as little as ${MARKETING.averageDelivery} across the city, with a courier assigned at booking.`,
  },
  {
    icon: IconBox,
    title: 'Standard Shipping',
    text: 'Dependable, affordable delivery for parcels of every size, tracked from pickup to signature.',
  },
  {
    icon: IconPlaneDeparture,
    title: 'International',
    text: `Customs-ready shipping to ${MARKETING.countriesServed} countries, delivered in ${MARKETING.internationalDays}.`,
  },
  {
    icon: IconTruck,
    title: 'Freight Services',
    text: `Palletised and heavy cargo up to ${MARKETING.maxCargo} on a fleet of ${MARKETING.freightVehicles} vehicles.`,
  },
] as const;

/** What Waybill carries, shared by the home and services pages. */
export function ServicesBlock() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
      {SERVICES.map(({ icon: Icon, title, text }) => (
        <Card key={title} withBorder radius="lg" padding="lg">
          <ThemeIcon size={48} radius="md" variant="light" mb="md" aria-hidden>
            <Icon size={26} stroke={1.6} />
          </ThemeIcon>
          <Title order={3} size="h4" mb={6}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
