/** Business constants and limits of SPEC §9. */
export const PACKAGE_DEFAULTS = {
  quantity: 1,
  weight: 1,
  dimensionUnit: 'cm',
  length: 10,
  width: 10,
  height: 10,
} as const;

export const LIMITS = {
  quantityMin: 1,
  weightMin: 0.1,
  weightStep: 0.1,
  dimensionMin: 1,
  maxImages: 5,
  maxImageBytes: 10 * 1024 * 1024,
  emailImageCountMin: 1,
  emailImageCountMax: 10,
  planPriceMin: 0,
} as const;

/** Toast durations in milliseconds. */
export const TOAST_MS = {
  validation: 3000,
  contactDetailsSuccess: 3000,
  error: 5000,
  email: 5000,
  contact: 5000,
  shipSuccess: 9000,
} as const;

export const SUPPORT_CATEGORIES = ['general', 'tracking', 'billing', 'shipping', 'technical', 'complaint'] as const;
export const SUPPORT_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export const DEFAULT_SUPPORT_PRIORITY = 'medium';
export const SUPPORT_RESPONSE_HOURS = 24;

export const ACCOUNT_COUNTRIES = ['Nigeria', 'Ghana', 'Kenya', 'United States', 'United Kingdom'] as const;

export const PLAN_TIERS = [
  { defaultName: 'Basic Shipping', deliveryTime: '3-5 business days', insurance: 'Up to $100' },
  { defaultName: 'Express Shipping', deliveryTime: '1-2 business days', insurance: 'Up to $500' },
  { defaultName: 'Same Day Rush', deliveryTime: 'Same day within 6 hours', insurance: 'Up to $1,000' },
] as const;

export const ADD_ONS = [
  { name: 'Package Insurance', price: '$2-30', detail: 'Coverage up to $5,000' },
  { name: 'Signature Required', price: '$5', detail: 'Proof of delivery with signature' },
  { name: 'Weekend Delivery', price: '$5', detail: 'Saturday and Sunday delivery' },
  { name: 'Special Handling', price: '$8', detail: 'Fragile and oversized items' },
] as const;

export const MARKETING = {
  support: '24/7',
  averageResponse: '< 1 hour',
  satisfaction: '98%',
  onTime: '99.8%',
  averageDelivery: '4 hours',
  countriesServed: '200+',
  countriesAbout: '150+',
  internationalDays: '5-15 days',
  maxCargo: '10T+',
  freightVehicles: '500+',
  insuranceUpTo: '$1M',
  founded: 2010,
  packagesDelivered: '50M+',
  customers: '10K+',
} as const;

/** Whole years the company has delivered by `year` (SPEC §9: founded 2010). */
export function yearsInBusiness(year: number): number {
  return year - MARKETING.founded;
}

/** Used when neither saved contact details nor company settings give a phone. */
export const DEFAULT_PHONE = '+1 (555) 123-4567';

export const DEFAULT_GREETING = 'Hello,';

/** "Best regards," followed by the team name. */
export function defaultSignature(teamName: string): string {
  return `Best regards,\n${teamName} Team`;
}

/** Accepting promises delivery this many days later (shown to the customer as estimatedDelivery). */
export const ESTIMATED_DELIVERY_DAYS = 5;
