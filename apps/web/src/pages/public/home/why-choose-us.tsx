import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClockHour4, IconHeadset, IconMapPin, IconShieldCheck } from '@tabler/icons-react';
import { MARKETING } from '@waybill/domain';
import { PageSection } from '../../../components/section/page-section.tsx';

const REASONS = [
  {
    icon: IconClockHour4,
    title: 'On time, every time',
    text: `${MARKETING.onTime} of our deliveries arrive on schedule, with an average city delivery of ${MARKETING.averageDelivery}.`,
  },
  {
    icon: IconMapPin,
    title: 'Live tracking',
    text: 'Follow your package from pickup to doorstep with a location update at every stage of its journey.',
  },
  {
    icon: IconShieldCheck,
    title: 'Insured and secure',
    text: `Every shipment is handled with care and insured, with cover up to ${MARKETING.insuranceUpTo} for business freight.`,
  },
  {
    icon: IconHeadset,
    title: `${MARKETING.support} support`,
    text: `Real people answer day and night, in ${MARKETING.averageResponse} on average, with ${MARKETING.satisfaction} of customers satisfied.`,
  },
] as const;

/** The four "Why choose us" cards. */
export function WhyChooseUs() {
  return (
    <PageSection
      id="why"
      title="Why choose Waybill"
      subtitle={`Since ${MARKETING.founded}, ${MARKETING.customers} businesses and families have trusted us with ${MARKETING.packagesDelivered} packages.`}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
        {REASONS.map(({ icon: Icon, title, text }) => (
          <Card key={title} withBorder radius="lg" padding="lg">
            <ThemeIcon size={48} radius="xl" variant="light" color="teal" mb="md" aria-hidden>
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
    </PageSection>
  );
}
