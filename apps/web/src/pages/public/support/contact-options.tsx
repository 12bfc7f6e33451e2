import { Anchor, Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMail, IconMessageCircle, IconPhone } from '@tabler/icons-react';
import { MARKETING, resolveContactChannels, SUPPORT_RESPONSE_HOURS } from '@waybill/domain';
import type { ReactNode } from 'react';
import { EmailAddress } from '../../../components/email-address/email-address.tsx';
import { PageSection } from '../../../components/section/page-section.tsx';
import { useSiteContent } from '../../../lib/site-content.tsx';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function OptionCard({
  icon,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="xl">
      <ThemeIcon size={52} radius="xl" variant="light" mb="md" aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={3} size="h4" mb={6}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {text}
      </Text>
      {children}
    </Card>
  );
}

/** A channel's value; a dash when none is set. */
function ChannelValue({ value, href }: { value: string; href: string }) {
  if (!value) {
    return (
      <Text fw={700} aria-label="Not provided">
        —
      </Text>
    );
  }
  return (
    <Anchor href={href} fw={700}>
      {href.startsWith('mailto:') ? <EmailAddress address={value} /> : value}
    </Anchor>
  );
}

/**
 * Live Chat, Phone Support and Email Support. Live chat is not open yet, so its card says so and
 * points to the two channels that answer now, rather than offering a button that leads nowhere.
 */
export function ContactOptions() {
  const channels = resolveContactChannels(useSiteContent());
  return (
    <PageSection id="contact-options" title="Get in touch" subtitle="Choose the channel that suits you best.">
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <OptionCard
          icon={<IconMessageCircle size={28} stroke={1.6} />}
          title="Live Chat"
          text="Chat with a support agent right from this page."
        >
          <Text fw={700}>Opening soon</Text>
          <Text size="sm" c="dimmed">
            Until then, call or e-mail us: we answer around the clock.
          </Text>
        </OptionCard>
        <OptionCard
          icon={<IconPhone size={28} stroke={1.6} />}
          title="Phone Support"
          text={`Speak to a person ${MARKETING.support}, with an average wait well under an hour.`}
        >
          <ChannelValue value={channels.phone} href={telHref(channels.phone)} />
        </OptionCard>
        <OptionCard
          icon={<IconMail size={28} stroke={1.6} />}
          title="Email Support"
          text={`Write to us with your tracking code and we reply within ${SUPPORT_RESPONSE_HOURS} hours.`}
        >
          <ChannelValue value={channels.email} href={`mailto:${channels.email}`} />
        </OptionCard>
      </SimpleGrid>
    </PageSection>
  );
}
