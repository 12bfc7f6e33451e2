import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBolt, IconLock, IconShoppingCart } from '@tabler/icons-react';
import { PLAN_TIERS } from '@waybill/domain';
import { PageSection } from '../../../components/section/page-section.tsx';

const SPECIALTY = [
  {
    icon: IconLock,
    title: 'Secure Transport',
    text: 'Sealed, GPS-monitored vehicles and vetted couriers for documents, valuables and high-value electronics, with chain-of-custody records.',
  },
  {
    icon: IconBolt,
    title: 'Same-Day Rush',
    text: `A dedicated courier collects and delivers the ${PLAN_TIERS[2].deliveryTime.toLowerCase()}, for the deadlines that cannot move.`,
  },
  {
    icon: IconShoppingCart,
    title: 'E-commerce Solutions',
    text: 'Daily pickups from your shop or warehouse, tracking links and e-mail updates for your customers and easy returns.',
  },
] as const;

/** Services for particular needs beyond the three core ones. */
export function SpecialtyServices() {
  return (
    <PageSection
      id="specialty"
      title="Specialty services"
      subtitle="For shipments that need a little more care or speed."
      tinted
    >
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {SPECIALTY.map(({ icon: Icon, title, text }) => (
          <Card key={title} withBorder radius="lg" padding="xl">
            <ThemeIcon size={52} radius="md" mb="md" aria-hidden>
              <Icon size={28} stroke={1.6} />
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
    </PageSection>
  );
}
