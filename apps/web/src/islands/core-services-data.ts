import { MARKETING } from '@waybill/domain';
import type { CoreServiceTab } from '../lib/core-service-tabs.ts';
import expressSmall from './images/express-480.webp';
import expressLarge from './images/express-960.webp';
import freightSmall from './images/freight-480.webp';
import freightLarge from './images/freight-960.webp';
import internationalSmall from './images/international-480.webp';
import internationalLarge from './images/international-960.webp';

export interface CoreService {
  value: CoreServiceTab;
  tab: string;
  title: string;
  subtitle: string;
  description: string;
  image: { small: string; large: string; alt: string };
  features: readonly string[];
  stats: readonly { value: string; label: string }[];
}

/** The three tabbed core services of SPEC §2, figures from SPEC §9. */
export const CORE_SERVICES: readonly CoreService[] = [
  {
    value: 'express',
    tab: 'Express',
    title: 'Express Delivery',
    subtitle: 'When it has to be there today',
    description:
      'A courier is assigned the moment you book. Your parcel goes straight from your door to the recipient without waiting at a depot, with live updates at every hand-off.',
    image: {
      small: expressSmall,
      large: expressLarge,
      alt: 'A Waybill express van driving past city buildings with parcels waiting at the kerb',
    },
    features: [
      'Pickup within 60 minutes of booking',
      'Direct door-to-door routing',
      'Live status and location on the tracking page',
      'Photo and signature proof of delivery',
      'Priority handling at every hand-off',
      'Evening and weekend slots on request',
    ],
    stats: [
      { value: MARKETING.averageDelivery, label: 'Average delivery' },
      { value: MARKETING.onTime, label: 'On-time delivery' },
      { value: MARKETING.support, label: 'Courier support' },
    ],
  },
  {
    value: 'international',
    tab: 'International',
    title: 'International Shipping',
    subtitle: 'Across borders without the paperwork headache',
    description:
      'We prepare the customs documents with you, pick the fastest lane for each destination and keep you updated from export clearance to the final doorstep.',
    image: {
      small: internationalSmall,
      large: internationalLarge,
      alt: 'A cargo plane flying a parcel around the globe',
    },
    features: [
      'Customs documents prepared for you',
      'Duties and taxes quoted before you ship',
      'Air and sea freight options',
      'Tracking across every carrier leg',
      'Local delivery partners at destination',
      'Returns from abroad handled end to end',
    ],
    stats: [
      { value: MARKETING.countriesServed, label: 'Countries served' },
      { value: MARKETING.internationalDays, label: 'Door-to-door delivery' },
      { value: MARKETING.onTime, label: 'On-time delivery' },
    ],
  },
  {
    value: 'freight',
    tab: 'Freight',
    title: 'Freight Services',
    subtitle: 'Pallets, machinery and full truckloads',
    description:
      'From a single pallet to a full load, our own fleet and trained crews move heavy and oversized cargo on a schedule you can plan around.',
    image: {
      small: freightSmall,
      large: freightLarge,
      alt: 'A Waybill freight truck with a large container on a highway at sunset',
    },
    features: [
      'Full and part truckloads',
      'Tail-lift and forklift handling',
      'Temperature-controlled trailers',
      'Dedicated freight account manager',
      'Warehousing and cross-docking',
      'Scheduled recurring routes',
    ],
    stats: [
      { value: MARKETING.maxCargo, label: 'Max cargo weight' },
      { value: MARKETING.freightVehicles, label: 'Freight vehicles' },
      { value: MARKETING.insuranceUpTo, label: 'Insurance up to' },
    ],
  },
];
