import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageSection } from '../../../components/section/page-section.tsx';
import type { ContactChannels } from '../../../features/company-details/api/use-contact-channels.ts';
import { HomeContactForm } from '../../../features/contact-messages/components/home-contact-form.tsx';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** A channel line; a neutral dash until the saved details arrive (the prerendered HTML never guesses). */
function ChannelLine({
  icon,
  label,
  value,
  href,
}: {
  icon: React.ReactNode;
  label: string;
  value: string;
  href: string;
}) {
  return (
    <Group gap="md" wrap="nowrap">
      <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
        {icon}
      </ThemeIcon>
      <div>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        {value ? (
          <Anchor href={href} fw={700} size="lg">
            {value}
          </Anchor>
        ) : (
          <Text fw={700} size="lg">
            —
          </Text>
        )}
      </div>
    </Group>
  );
}

/** "Ready to Ship?": saved phone and e-mail beside the contact form. */
export function ReadyToShip({ channels }: { channels: ContactChannels }) {
  const phone = channels.ready ? channels.phone : '';
  const email = channels.ready ? channels.email : '';
  return (
    <PageSection
      id="ready"
      title="Ready to Ship?"
      subtitle="Talk to our team or send us a message: we reply within 24 hours."
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48}>
        <Stack gap="xl">
          <ChannelLine icon={<IconPhone size={22} />} label="Call us" value={phone} href={telHref(phone)} />
          <ChannelLine icon={<IconMail size={22} />} label="Email us" value={email} href={`mailto:${email}`} />
          <Text c="dimmed">
            Have a package ready now? Book a pickup online and get your tracking code straight away.
          </Text>
          <Group>
            <Button component={Link} to="/create" size="md">
              Get Started
            </Button>
            <Button component={Link} to="/request-account" size="md" variant="default">
              Request an Account
            </Button>
          </Group>
        </Stack>
        <Card withBorder radius="lg" padding="xl">
          <Title order={3} mb="md">
            Send us a message
          </Title>
          <HomeContactForm />
        </Card>
      </SimpleGrid>
    </PageSection>
  );
}
