import { Button, Group } from '@mantine/core';
import { PricingBlock } from '../../../components/pricing-block/pricing-block.tsx';
import { PageHero } from '../../../components/section/page-hero.tsx';
import { PageSection } from '../../../components/section/page-section.tsx';
import { useSiteContent } from '../../../lib/site-content.tsx';
import { AddOns } from './add-ons.tsx';
import { Enterprise } from './enterprise.tsx';
import { PricingFaq } from './pricing-faq.tsx';

export const handle = {
  title: 'Pricing | Waybill',
  description: 'Simple per-package prices for standard, express and same-day delivery, with insurance included.',
};

/** /pricing (SPEC §2): the three plan cards, add-ons, enterprise features, an FAQ and the ways to book. */
export function Component() {
  const { plan } = useSiteContent();
  return (
    <>
      <PageHero
        title="Pricing"
        eyebrow="Simple, transparent pricing"
        lead="One clear price per package, insurance included. Pick the speed you need and add extras only when you want them."
      />
      <PageSection id="plans" title="Choose your delivery speed" subtitle="Prices per package. No hidden fees.">
        <PricingBlock plan={plan} />
      </PageSection>
      <AddOns />
      <Enterprise />
      <PricingFaq />
      <PageSection
        id="pricing-cta"
        title="Ready to send your first package?"
        subtitle="Book in minutes and get your tracking code straight away, or talk to us about a custom rate."
        tinted
      >
        <Group justify="center">
          <Button component="a" href="/create" size="lg">
            Ship a Package
          </Button>
          <Button component="a" href="/contact" size="lg" variant="default">
            Contact Us
          </Button>
        </Group>
      </PageSection>
    </>
  );
}
