import { Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBarcode, IconBellRinging, IconDeviceMobile, IconShieldLock } from '@tabler/icons-react';
import { PageSection } from '../../../components/section/page-section.tsx';
import { useSiteContent } from '../../../lib/site-content.tsx';

/**
 * What the site does for a customer, each sentence true of this installation: the e-mails promised
 * depend on the console's notification setting (tracking-page updates work either way).
 */
function technology(notifyCustomers: boolean) {
  return [
    {
      icon: IconBarcode,
      title: 'Labels that scan',
      text: 'Every accepted package gets a label with a barcode and a QR code, scanned by our couriers to record each stage of its journey.',
    },
    {
      icon: IconDeviceMobile,
      title: 'Live tracking',
      text: 'Every scan, from pickup to sorting hub to doorstep, appears on the tracking page within moments.',
    },
    notifyCustomers
      ? {
          icon: IconBellRinging,
          title: 'Proactive notifications',
          text: 'Customers get an e-mail when their package is accepted, on its way and delivered.',
        }
      : {
          icon: IconBellRinging,
          title: 'E-mail updates',
          text: 'Anyone following a package can ask on its tracking page for an e-mail at every change of its status or location.',
        },
    {
      icon: IconShieldLock,
      title: 'Secure by design',
      text: 'Every sign-in and every change is recorded with who made it, and the tracking page shows no names, phone numbers or addresses.',
    },
  ];
}

/** The systems that keep deliveries on time. */
export function AboutTechnology() {
  const { notifyCustomers } = useSiteContent();
  return (
    <PageSection
      id="technology"
      title="Technology that delivers"
      subtitle="Tools built in-house so you always know where your package is."
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        {technology(notifyCustomers).map(({ icon: Icon, title, text }) => (
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
