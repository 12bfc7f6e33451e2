import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCar, IconCpu, IconHanger, IconStethoscope } from '@tabler/icons-react';
import { PageSection } from '../../../components/section/page-section.tsx';

const INDUSTRIES = [
  {
    icon: IconStethoscope,
    title: 'Healthcare & Pharmaceuticals',
    text: 'Temperature-controlled transport for samples, medicines and medical devices, with handling logs.',
  },
  {
    icon: IconCar,
    title: 'Automotive',
    text: 'Spare parts to workshops before the first shift, and heavy components moved by freight.',
  },
  {
    icon: IconCpu,
    title: 'Technology',
    text: 'Secure, insured delivery of laptops, servers and devices, with signature on arrival.',
  },
  {
    icon: IconHanger,
    title: 'Fashion & Retail',
    text: 'Store replenishment, online orders and returns, handled with care for every garment.',
  },
] as const;

/** The four industries of SPEC §2. */
export function Industries() {
  return (
    <PageSection
      id="industries"
      title="Industries we serve"
      subtitle="Specialist know-how for the sectors we move most."
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
        {INDUSTRIES.map(({ icon: Icon, title, text }) => (
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
