import { Button, Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBolt, IconPackage, IconWorld } from '@tabler/icons-react';
import { MARKETING, PLAN_TIERS } from '@waybill/domain';
import { PageSection } from '../../../components/section/page-section.tsx';

const SERVICE_CARDS = [
  {
    icon: IconBolt,
    title: 'Express Delivery',
    text: `Urgent documents and parcels delivered in ${PLAN_TIERS[1].deliveryTime}, or the same day within the city.`,
  },
  {
    icon: IconPackage,
    title: 'Standard Shipping',
    text: `Economical delivery in ${PLAN_TIERS[0].deliveryTime} with tracking and insurance included.`,
  },
  {
    icon: IconWorld,
    title: 'International',
    text: `Door-to-door shipping to ${MARKETING.countriesServed} countries in ${MARKETING.internationalDays}, customs paperwork handled.`,
  },
] as const;

/** The three headline services, each one click from the shipping form. */
export function ServiceCards() {
  return (
    <PageSection
      id="services"
      title="Our services"
      subtitle="Pick the speed you need; we take care of the rest."
      tinted
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {SERVICE_CARDS.map(({ icon: Icon, title, text }) => (
          <Card key={title} withBorder radius="lg" padding="xl">
            <Stack gap="sm" h="100%">
              <ThemeIcon size={56} radius="md" aria-hidden>
                <Icon size={30} stroke={1.6} />
              </ThemeIcon>
              <Title order={3}>{title}</Title>
              <Text c="dimmed" style={{ flexGrow: 1 }}>
                {text}
              </Text>
              <Button component="a" href="/create" variant="light" aria-label={`Book Now!! ${title}`}>
                Book Now!!
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </PageSection>
  );
}
