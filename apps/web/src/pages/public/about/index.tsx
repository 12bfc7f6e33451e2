import { Button, Group } from '@mantine/core';
import { MARKETING, yearsInBusiness } from '@waybill/domain';
import { PageHero } from '../../../components/section/page-hero.tsx';
import { PageSection } from '../../../components/section/page-section.tsx';
import { StatGrid } from '../../../components/section/stat-grid.tsx';
import { useSiteContent } from '../../../lib/site-content.tsx';
import { AboutStory } from './about-story.tsx';
import { AboutTechnology } from './about-technology.tsx';
import { AboutValues } from './about-values.tsx';

export const handle = {
  title: 'About Us | Waybill',
  description: 'Since 2010 Waybill has delivered more than 50 million packages for over 10,000 customers.',
};

const ABOUT_STATS = [
  { value: MARKETING.founded, label: 'Founded' },
  { value: MARKETING.packagesDelivered, label: 'Packages delivered' },
  { value: MARKETING.customers, label: 'Happy customers' },
  { value: MARKETING.countriesAbout, label: 'Countries served' },
  { value: MARKETING.onTime, label: 'On-time delivery' },
  { value: MARKETING.support, label: 'Customer support' },
  { value: MARKETING.satisfaction, label: 'Customer satisfaction' },
  { value: MARKETING.freightVehicles, label: 'Freight vehicles' },
] as const;

/** /about (SPEC §2): stats, story, values and technology. */
export function Component() {
  const years = yearsInBusiness(useSiteContent().year);
  return (
    <>
      <PageHero
        title="About Us"
        eyebrow={`Delivering since ${MARKETING.founded}`}
        lead="We are a courier company built on one idea: your package should arrive when we said it would, and you should always know where it is."
      />
      <PageSection
        id="about-stats"
        title="Waybill in numbers"
        subtitle={`${years} years of deliveries, one parcel at a time.`}
        tinted
      >
        <StatGrid stats={ABOUT_STATS} />
      </PageSection>
      <AboutStory />
      <AboutValues />
      <AboutTechnology />
      <PageSection
        id="about-cta"
        title="Ship with a team that cares"
        subtitle="Book your first delivery today, or talk to us about what your business needs."
        tinted
      >
        <Group justify="center">
          <Button component="a" href="/create" size="lg">
            Get Started Today
          </Button>
          <Button component="a" href="/contact" size="lg" variant="default">
            Contact Our Team
          </Button>
        </Group>
      </PageSection>
    </>
  );
}
