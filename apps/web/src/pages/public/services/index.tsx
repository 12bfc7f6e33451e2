import { Button, Group } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { MARKETING } from '@waybill/domain';
import { PageHero } from '../../../components/section/page-hero.tsx';
import { PageSection } from '../../../components/section/page-section.tsx';
import { ServicesBlock } from '../../../components/services-block/services-block.tsx';
import { CoreServices } from './core-services.tsx';
import { HowItWorks } from './how-it-works.tsx';
import { Industries } from './industries.tsx';
import { SpecialtyServices } from './specialty-services.tsx';
import { SuccessStories } from './success-stories.tsx';

export const handle = {
  title: 'Services | Waybill',
  description:
    'Express, international and freight delivery, plus secure transport, same-day rush and e-commerce solutions.',
};

/** /services (SPEC §2). */
export function Component() {
  return (
    <>
      <PageHero
        title="Services"
        eyebrow="Delivery solutions"
        lead={`Same-day city runs, international shipping to ${MARKETING.countriesServed} countries and freight up to ${MARKETING.maxCargo}: one partner for every shipment.`}
      >
        <Group gap="md" mt="sm">
          <Button component="a" href="/create" size="lg" color="yellow.4" rightSection={<IconArrowRight aria-hidden />}>
            Explore Services
          </Button>
          <Button component="a" href="/contact" size="lg" variant="outline" color="white">
            Contact Us
          </Button>
        </Group>
      </PageHero>
      <CoreServices />
      <PageSection
        id="all-services"
        title="Everything we deliver"
        subtitle="From a single envelope to a full truckload."
        tinted
      >
        <ServicesBlock />
      </PageSection>
      <SpecialtyServices />
      <Industries />
      <SuccessStories />
      <HowItWorks />
      <PageSection
        id="services-cta"
        title="Ready to get started?"
        subtitle="Book your first shipment in minutes, or ask for a quote tailored to your business."
        tinted
      >
        <Group justify="center">
          <Button component="a" href="/create" size="lg">
            Get Started Today
          </Button>
          <Button component="a" href="/create" size="lg" variant="light">
            Request Quote
          </Button>
          <Button component="a" href="/contact" size="lg" variant="default">
            Contact Us
          </Button>
        </Group>
      </PageSection>
    </>
  );
}
