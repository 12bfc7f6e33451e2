import { PricingBlock } from '../../../components/pricing-block/pricing-block.tsx';
import { PageSection } from '../../../components/section/page-section.tsx';
import { ServicesBlock } from '../../../components/services-block/services-block.tsx';
import { useSiteContent } from '../../../lib/site-content.tsx';
import { HeroSection } from './hero-section.tsx';
import { ReadyToShip } from './ready-to-ship.tsx';
import { ServiceCards } from './service-cards.tsx';
import { Testimonials } from './testimonials.tsx';
import { TrackSection } from './track-section.tsx';
import { WhyChooseUs } from './why-choose-us.tsx';

export const handle = {
  title: 'Waybill | Fast, Reliable Courier and Parcel Delivery',
  description:
    'Ship a package in minutes and track it live. Same-day, express and international delivery to over 200 countries, with 24/7 support.',
};

/** / and /0 (SPEC §2). */
export function Component() {
  const { plan } = useSiteContent();
  return (
    <>
      <HeroSection />
      <TrackSection />
      <WhyChooseUs />
      <ServiceCards />
      <PageSection id="pricing" title="Simple, transparent pricing" subtitle="One price per package. No hidden fees.">
        <PricingBlock plan={plan} />
      </PageSection>
      <PageSection
        id="all-services"
        title="Everything we deliver"
        subtitle="From a single envelope to a full truckload."
        tinted
      >
        <ServicesBlock />
      </PageSection>
      <Testimonials />
      <ReadyToShip />
    </>
  );
}
