import { Box, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarCheck, IconCircleCheck, IconMapSearch, IconPackage } from '@tabler/icons-react';
import { PageSection } from '../../../components/section/page-section.tsx';
import { useSiteContent } from '../../../lib/site-content.tsx';

/** The steps, each sentence true of this installation (the delivery e-mail follows the notification setting). */
function steps(notifyCustomers: boolean) {
  return [
    {
      icon: IconCalendarCheck,
      title: 'Book & Schedule',
      text: 'Fill in the shipping form online: your tracking code appears at once, and a receipt follows by e-mail.',
    },
    {
      icon: IconPackage,
      title: 'Package & Collect',
      text: 'Pack your item securely; our courier collects it from your door.',
    },
    {
      icon: IconMapSearch,
      title: 'Track & Monitor',
      text: 'Follow every stage with your tracking code, from sorting hub to your street.',
    },
    {
      icon: IconCircleCheck,
      title: 'Deliver & Confirm',
      text: notifyCustomers
        ? 'We deliver to the door and e-mail you as soon as the package is marked delivered.'
        : 'We deliver to the door, and the tracking page shows it delivered as soon as it is.',
    },
  ];
}

/** The four steps of a delivery, in order. */
export function HowItWorks() {
  const { notifyCustomers } = useSiteContent();
  return (
    <PageSection id="how-it-works" title="How It Works" subtitle="Four simple steps from booking to delivery.">
      <SimpleGrid
        component="ol"
        cols={{ base: 1, sm: 2, md: 4 }}
        spacing="xl"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {steps(notifyCustomers).map(({ icon: Icon, title, text }, index) => (
          <Box component="li" key={title} ta="center">
            <ThemeIcon size={64} radius="xl" mb="md" aria-hidden>
              <Icon size={32} stroke={1.6} />
            </ThemeIcon>
            <Text size="sm" fw={700} c="dimmed">
              Step {index + 1}
            </Text>
            <Title order={3} size="h4" mb={6}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {text}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </PageSection>
  );
}
