import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { PricingBlock } from '../../../components/pricing-block/pricing-block.tsx';
import { PageHero } from '../../../components/section/page-hero.tsx';
import { PageSection } from '../../../components/section/page-section.tsx';
import { usePlan } from '../../../features/company-details/api/get-plans.ts';
import { AddOns } from './add-ons.tsx';
import { Enterprise } from './enterprise.tsx';
import { PricingFaq } from './pricing-faq.tsx';

export const handle = {
  title: 'Pricing | Waybill',
  description: 'Simple per-package prices for standard, express and same-day delivery, with insurance included.',
};

/** /pricing (SPEC §2): the three plan cards, add-ons, enterprise features, an FAQ and the ways to book. */
export function Component() {
  const plan = usePlan();
  return (
    <>
      <PageHero
        title="Pricing"
        eyebrow="Simple, transparent pricing"
        lead="One clear price per package, insurance included. Pick the speed you need and add extras only when you want them."
      />
      <PageSection id="plans" title="Choose your delivery speed" subtitle="Prices per package. No hidden fees.">
        {/* A plan that cannot be read is shown like no plan: a quote prompt, not an endless placeholder. */}
        <PricingBlock plan={plan.isError ? null : plan.data} />
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
          <Button component={Link} to="/create" size="lg">
            Ship a Package
          </Button>
          <Button component={Link} to="/contact" size="lg" variant="default">
            Contact Us
          </Button>
        </Group>
      </PageSection>
    </>
  );
}
