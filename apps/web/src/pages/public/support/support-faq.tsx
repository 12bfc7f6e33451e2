import { MARKETING, PLAN_TIERS, SUPPORT_RESPONSE_HOURS } from '@waybill/domain';
import { PageSection } from '../../../components/section/page-section.tsx';
import Faq from '../../../islands/faq.tsx';
import { Island } from '../../../islands/runtime/island.tsx';

const QUESTIONS = [
  {
    value: 'tracking',
    question: 'Where do I find my tracking code?',
    answer:
      'Your tracking code is shown as soon as you book and is in your confirmation e-mail. Enter it on the Track Package page to see every stage of the journey.',
  },
  {
    value: 'delivery-time',
    question: 'How long will my delivery take?',
    answer: `Basic Shipping arrives in ${PLAN_TIERS[0].deliveryTime}, Express Shipping in ${PLAN_TIERS[1].deliveryTime} and Same Day Rush the ${PLAN_TIERS[2].deliveryTime.toLowerCase()}. International parcels take ${MARKETING.internationalDays}.`,
  },
  {
    value: 'late',
    question: 'My package is late. What should I do?',
    answer:
      'Check the latest location on the tracking page first. If nothing has moved for a day, send us a request with category Package Tracking and your code, and we will chase it with the courier.',
  },
  {
    value: 'damaged',
    question: 'What if my package arrives damaged?',
    answer:
      'Keep the packaging and take photos, then send us a complaint within 7 days. Every plan includes insurance, and extra Package Insurance covers higher values.',
  },
  {
    value: 'change-address',
    question: 'Can I change the delivery address?',
    answer:
      'Yes, while the package has not left the sorting hub. Call us or send a request with your tracking code and the new address.',
  },
  {
    value: 'response',
    question: 'How quickly will support answer?',
    answer: `Our team works ${MARKETING.support}. Phone calls are answered in ${MARKETING.averageResponse} on average, and every written request gets a reply within ${SUPPORT_RESPONSE_HOURS} hours.`,
  },
] as const;

/** Frequently asked questions, one open at a time. */
export function SupportFaq() {
  return (
    <PageSection
      id="support-faq"
      title="Frequently asked questions"
      subtitle="Quick answers to what customers ask us most."
    >
      <Island of={Faq} props={{ items: QUESTIONS }} />
    </PageSection>
  );
}
