import { Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBellRinging, IconDeviceMobile, IconRoute, IconShieldLock } from '@tabler/icons-react';
import { PageSection } from '../../../components/section/page-section.tsx';

const TECHNOLOGY = [
  {
    icon: IconRoute,
    title: 'Smart route planning',
    text: 'Routes are planned each morning from live traffic and parcel volumes, so couriers spend less time on the road.',
  },
  {
    icon: IconDeviceMobile,
    title: 'Live tracking',
    text: 'Every scan, from pickup to sorting hub to doorstep, appears on the tracking page within moments.',
  },
  {
    icon: IconBellRinging,
    title: 'Proactive notifications',
    text: 'Customers get an e-mail when their package is accepted, on its way and delivered.',
  },
  {
    icon: IconShieldLock,
    title: 'Secure by design',
    text: 'Customer data is encrypted in transit, access is logged, and we keep only what a delivery needs.',
  },
] as const;

/** The systems that keep deliveries on time. */
export function AboutTechnology() {
  return (
    <PageSection
      id="technology"
      title="Technology that delivers"
      subtitle="Tools built in-house so you always know where your package is."
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        {TECHNOLOGY.map(({ icon: Icon, title, text }) => (
          <Group key={title} align="flex-start" wrap="nowrap" gap="md">
            <ThemeIcon size={48} radius="md" aria-hidden>
              <Icon size={26} stroke={1.6} />
            </ThemeIcon>
            <div>
              <Title order={3} size="h4" mb={4}>
                {title}
              </Title>
              <Text size="sm" c="dimmed">
                {text}
              </Text>
            </div>
          </Group>
        ))}
      </SimpleGrid>
    </PageSection>
  );
}
