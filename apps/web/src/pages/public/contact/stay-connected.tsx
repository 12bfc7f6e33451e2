import { Box, Button, Card, Group, Text, Title } from '@mantine/core';
import { IconBrandWhatsapp, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { MARKETING } from '@waybill/domain';
import { PageSection } from '../../../components/section/page-section.tsx';
import { StatGrid } from '../../../components/section/stat-grid.tsx';
import type { ContactPageDetails } from './use-contact-page-details.ts';

/** SPEC §9 figures for the contact page: the countries we reach (150+) and how soon we answer. */
const REACH_STATS = [
  { value: MARKETING.countriesAbout, label: 'Countries we deliver to' },
  { value: MARKETING.support, label: 'Customer support' },
  { value: MARKETING.averageResponse, label: 'Average response time' },
] as const;

/**
 * Stay Connected. The company has no social accounts to link to, so the block offers what keeps a
 * customer in touch today: tracking, an account, and WhatsApp (the saved link, else the company's).
 */
export function StayConnected({ details }: { details: ContactPageDetails }) {
  return (
    <PageSection
      id="stay-connected"
      title="Stay Connected"
      subtitle="Keep track of every delivery and reach us the way you like."
    >
      <Card withBorder radius="lg" padding="xl" maw={820} mx="auto" ta="center">
        <Title order={3} mb="xs">
          Never lose sight of a delivery
        </Title>
        <Text c="dimmed" mb="lg">
          Follow your package with its tracking code, open a business account for faster booking, or message us on
          WhatsApp{details.companyName ? ` and the ${details.companyName} team will pick it up` : ''}.
        </Text>
        <Group justify="center">
          <Button component="a" href="/track" leftSection={<IconSearch size={18} aria-hidden />}>
            Track a Package
          </Button>
          <Button
            component="a"
            href="/request-account"
            variant="default"
            leftSection={<IconUserPlus size={18} aria-hidden />}
          >
            Request an Account
          </Button>
          {details.whatsapp ? (
            <Button
              component="a"
              href={details.whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
              // The brand green carries the icon only: white text on it falls below 4.5:1.
              leftSection={<IconBrandWhatsapp size={18} color="var(--mantine-color-green-7)" aria-hidden />}
            >
              Chat on WhatsApp
            </Button>
          ) : null}
        </Group>
      </Card>
      <Box maw={820} mx="auto" mt="xl">
        <StatGrid stats={REACH_STATS} />
      </Box>
    </PageSection>
  );
}
