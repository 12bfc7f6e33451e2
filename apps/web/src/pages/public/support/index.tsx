import { Card } from '@mantine/core';
import { MARKETING, SUPPORT_RESPONSE_HOURS } from '@waybill/domain';
import { PageHero } from '../../../components/section/page-hero.tsx';
import { PageSection } from '../../../components/section/page-section.tsx';
import { StatGrid } from '../../../components/section/stat-grid.tsx';
import { Island } from '../../../islands/runtime/island.tsx';
import SupportRequestForm from '../../../islands/support-request-form.tsx';
import { ContactOptions } from './contact-options.tsx';
import { SupportFaq } from './support-faq.tsx';

export const handle = {
  title: 'Help Center | Waybill',
  description: 'Answers about shipping, tracking and billing, and a support team that responds within 24 hours.',
};

const SUPPORT_STATS = [
  { value: MARKETING.support, label: 'Support available' },
  { value: MARKETING.averageResponse, label: 'Average response time' },
  { value: MARKETING.satisfaction, label: 'Customer satisfaction' },
  { value: MARKETING.countriesAbout, label: 'Countries supported' },
] as const;

/** /support (SPEC §2): contact options, the support request form, the FAQ and support statistics. */
export function Component() {
  return (
    <>
      <PageHero
        title="Help Center"
        eyebrow="Customer support"
        lead={`Find an answer below or reach our team, any hour of the day. Every request gets a reply within ${SUPPORT_RESPONSE_HOURS} hours.`}
      />
      <ContactOptions />
      <PageSection
        id="support-request"
        title="Send a support request"
        subtitle="Tell us what happened; a tracking code helps us answer faster."
        tinted
      >
        <Card withBorder radius="lg" padding="xl" maw={820} mx="auto">
          <Island of={SupportRequestForm} props={{}} />
        </Card>
      </PageSection>
      <SupportFaq />
      <PageSection
        id="support-stats"
        title="Support you can count on"
        subtitle="Real people, around the clock, wherever your package is."
        tinted
      >
        <StatGrid stats={SUPPORT_STATS} />
      </PageSection>
    </>
  );
}
