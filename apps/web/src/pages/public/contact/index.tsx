import { PageHero } from '../../../components/section/page-hero.tsx';
import { InfoCards } from './info-cards.tsx';
import { QuickActions } from './quick-actions.tsx';
import { StayConnected } from './stay-connected.tsx';
import { useContactPageDetails } from './use-contact-page-details.ts';

export const handle = {
  title: 'Contact Us | Waybill',
  description: 'Call, e-mail or visit Waybill: our team answers every message within 24 hours.',
};

/** /contact (SPEC §2): hero, four info cards, quick actions and Stay Connected. */
export function Component() {
  const details = useContactPageDetails();
  return (
    <>
      <PageHero
        title="Contact Us"
        eyebrow="We are here to help"
        lead="Questions about a delivery, a quote for your business or feedback on our service: call, write or visit us, and a real person will answer."
      />
      <InfoCards details={details} />
      <QuickActions details={details} />
      <StayConnected details={details} />
    </>
  );
}
