import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { resolveContactChannels } from '@waybill/domain';
import { EmailAddress } from '../../../components/email-address/email-address.tsx';
import { PageSection } from '../../../components/section/page-section.tsx';
import HomeContactForm from '../../../islands/home-contact-form.tsx';
import { Island } from '../../../islands/runtime/island.tsx';
import { useSiteContent } from '../../../lib/site-content.tsx';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** A channel line; a neutral dash when there is nothing to show. */
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
            {href.startsWith('mailto:') ? <EmailAddress address={value} /> : value}
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
export function ReadyToShip() {
  const { phone, email } = resolveContactChannels(useSiteContent());
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
            <Button component="a" href="/create" size="md">
              Get Started
            </Button>
            <Button component="a" href="/request-account" size="md" variant="default">
              Request an Account
            </Button>
          </Group>
        </Stack>
        <Card withBorder radius="lg" padding="xl">
          <Title order={3} mb="md">
            Send us a message
          </Title>
          <Island of={HomeContactForm} props={{}} />
        </Card>
      </SimpleGrid>
    </PageSection>
  );
}
