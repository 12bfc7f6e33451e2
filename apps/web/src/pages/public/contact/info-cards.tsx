import { Anchor, Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClock, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmailAddress } from '../../../components/email-address/email-address.tsx';
import { PageSection } from '../../../components/section/page-section.tsx';
import type { ContactPageDetails } from './use-contact-page-details.ts';

export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** A dash when there is nothing to show (no e-mail, address or hours set). */
export function NotSet() {
  return (
    <Text fw={700} aria-label="Not provided">
      —
    </Text>
  );
}

function InfoCard({
  icon,
  title,
  note,
  children,
}: {
  icon: ReactNode;
  title: string;
  note: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <ThemeIcon size={48} radius="xl" variant="light" mb="md" aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={3} size="h4" mb={4}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {note}
      </Text>
      {children}
    </Card>
  );
}

/** Email Us, Call Us, Visit Us and Business Hours. */
export function InfoCards({ details }: { details: ContactPageDetails }) {
  return (
    <PageSection
      id="contact-info"
      title="How to reach us"
      subtitle="Pick whichever suits you: every message gets a reply."
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
        <InfoCard icon={<IconMail size={24} />} title="Email Us" note="We reply within 24 hours.">
          {details.email ? (
            <Anchor href={`mailto:${details.email}`} fw={700}>
              <EmailAddress address={details.email} />
            </Anchor>
          ) : (
            <NotSet />
          )}
        </InfoCard>
        <InfoCard
          icon={<IconPhone size={24} />}
          title="Call Us"
          note="Talk to a real person during our business hours."
        >
          <Anchor href={telHref(details.phone)} fw={700}>
            {details.phone}
          </Anchor>
        </InfoCard>
        <InfoCard icon={<IconMapPin size={24} />} title="Visit Us" note="Drop off parcels at our office.">
          {details.addressLines.length > 0 ? (
            <Text component="address" fw={700} fs="normal">
              {details.companyName ? <span style={{ display: 'block' }}>{details.companyName}</span> : null}
              {details.addressLines.map((line) => (
                <span key={line} style={{ display: 'block' }}>
                  {line}
                </span>
              ))}
            </Text>
          ) : (
            <NotSet />
          )}
        </InfoCard>
        <InfoCard
          icon={<IconClock size={24} />}
          title="Business Hours"
          note="When our office and phone lines are open."
        >
          {details.hours ? (
            <Text fw={700}>
              {details.hours.split(/,\s*/).map((part) => (
                <span key={part} style={{ display: 'block' }}>
                  {part}
                </span>
              ))}
            </Text>
          ) : (
            <NotSet />
          )}
        </InfoCard>
      </SimpleGrid>
    </PageSection>
  );
}
