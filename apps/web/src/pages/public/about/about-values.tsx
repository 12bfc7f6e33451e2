import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClockCheck, IconEye, IconHeartHandshake, IconLeaf } from '@tabler/icons-react';
import { PageSection } from '../../../components/section/page-section.tsx';

const VALUES = [
  {
    icon: IconClockCheck,
    title: 'Reliability',
    text: 'We say when a parcel will arrive and we keep our word. When something slips, the tracking page says so and our team follows it up.',
  },
  {
    icon: IconEye,
    title: 'Transparency',
    text: 'One price per package, no hidden fees, and live tracking at every stage of the journey.',
  },
  {
    icon: IconHeartHandshake,
    title: 'Care',
    text: 'Every package is someone’s order, gift or livelihood. We handle each one as if it were our own.',
  },
  {
    icon: IconLeaf,
    title: 'Responsibility',
    text: 'Optimised routes, electric vans in city centres and recyclable packaging cut our footprint every year.',
  },
] as const;

/** What the company stands for. */
export function AboutValues() {
  return (
    <PageSection id="values" title="Our values" subtitle="The principles behind every delivery." tinted>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
        {VALUES.map(({ icon: Icon, title, text }) => (
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
