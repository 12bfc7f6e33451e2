import { Button, Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMail, IconMessageCircle, IconPhoneCall } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmailAddress } from '../../../components/email-address/email-address.tsx';
import { PageSection } from '../../../components/section/page-section.tsx';
import { NotSet, telHref } from './info-cards.tsx';
import type { ContactPageDetails } from './use-contact-page-details.ts';

function ActionCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="xl" ta="center">
      <ThemeIcon size={56} radius="xl" mx="auto" mb="md" aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

const LIVE_CHAT_NOTE = 'Live chat opens soon; call or e-mail us meanwhile.';

/**
 * Call Now, Email Us and Live Chat. SPEC §2 gives Start Chat no action, and no chat service exists yet,
 * so the button is marked unavailable (aria-disabled, still focusable so its note is read out) and a
 * visible note tells the visitor to call or e-mail instead, rather than a button that silently fails.
 */
export function QuickActions({ details }: { details: ContactPageDetails }) {
  return (
    <PageSection id="quick-actions" title="Quick actions" subtitle="The fastest way to a person on our team." tinted>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <ActionCard icon={<IconPhoneCall size={28} />} title="Call Now">
          <Button component="a" href={telHref(details.phone)} variant="light" size="md" fullWidth>
            {details.phone}
          </Button>
        </ActionCard>
        <ActionCard icon={<IconMail size={28} />} title="Email Us">
          {details.email ? (
            <Button
              component="a"
              href={`mailto:${details.email}`}
              variant="light"
              size="md"
              fullWidth
              // A long address wraps onto a second line (at its @ or a dot) instead of being cut off.
              h="auto"
              mih={42}
              py={8}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
            >
              <EmailAddress address={details.email} />
            </Button>
          ) : (
            <NotSet />
          )}
        </ActionCard>
        <ActionCard icon={<IconMessageCircle size={28} />} title="Live Chat">
          <Button
            type="button"
            variant="light"
            size="md"
            fullWidth
            data-disabled
            aria-disabled="true"
            aria-describedby="live-chat-note"
            onClick={(event) => event.preventDefault()}
          >
            Start Chat
          </Button>
          <Text id="live-chat-note" size="sm" c="dimmed" mt="sm">
            {LIVE_CHAT_NOTE}
          </Text>
        </ActionCard>
      </SimpleGrid>
    </PageSection>
  );
}
