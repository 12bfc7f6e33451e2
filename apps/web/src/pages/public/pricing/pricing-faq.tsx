import { ADD_ONS, PLAN_TIERS } from '@waybill/domain';
import { PageSection } from '../../../components/section/page-section.tsx';
import Faq from '../../../islands/faq.tsx';
import { Island } from '../../../islands/runtime/island.tsx';

const insurance = ADD_ONS[0];

const QUESTIONS = [
  {
    value: 'price',
    question: 'How is the price of a delivery worked out?',
    answer:
      'Each plan has one price per package. Add-ons you choose are added on top; there are no fuel surcharges or booking fees.',
  },
  {
    value: 'insurance',
    question: 'Is my package insured?',
    answer: `Yes. Basic Shipping covers ${PLAN_TIERS[0].insurance.toLowerCase()}, Express Shipping ${PLAN_TIERS[1].insurance.toLowerCase()} and Same Day Rush ${PLAN_TIERS[2].insurance.toLowerCase()}. For more valuable items, ${insurance.name} (${insurance.price}) raises the ${insurance.detail.toLowerCase()}.`,
  },
  {
    value: 'same-day',
    question: 'When does Same Day Rush arrive?',
    answer: `Booked before 2 pm, a Same Day Rush package is delivered the ${PLAN_TIERS[2].deliveryTime.toLowerCase()} of pickup.`,
  },
  {
    value: 'weekend',
    question: 'Do you deliver at weekends?',
    answer: 'Yes, with the Weekend Delivery add-on ($5) your package can arrive on Saturday or Sunday.',
  },
  {
    value: 'payment',
    question: 'How can I pay?',
    answer:
      'We accept all major cards and bank transfer. Business accounts can pay by monthly invoice on 30-day terms.',
  },
  {
    value: 'quote',
    question: 'Can I get a quote for large or regular shipments?',
    answer: 'Yes. Contact our sales team with your typical volumes and destinations for a contract rate.',
  },
] as const;

/** Pricing questions people ask before they book. */
export function PricingFaq() {
  return (
    <PageSection id="pricing-faq" title="Pricing questions" subtitle="What customers ask before they book." tinted>
      <Island of={Faq} props={{ items: QUESTIONS }} />
    </PageSection>
  );
}
