import { zodResolver } from '@hookform/resolvers/zod';
import { PLAN_TIERS, type Plan, type PlanInput, planInputSchema } from '@waybill/domain';
import type { Resolver } from 'react-hook-form';

export const TIERS = [1, 2, 3] as const;
export type TierNumber = (typeof TIERS)[number];

/** What the plan form holds: a price is text as typed (blank while cleared). */
export type PlanFormValues = Record<`name${TierNumber}` | `description${TierNumber}`, string> &
  Record<`price${TierNumber}`, string>;

/** A saved price in dollars and cents ("24.50"); blank for a new plan. */
const priceText = (price: number | undefined) => (price === undefined ? '' : price.toFixed(2));

/** The saved plan's values, or a new plan with the SPEC §9 default names and no prices yet. */
export function toPlanFormValues(plan: Plan | null): PlanFormValues {
  return {
    name1: plan?.name1 ?? PLAN_TIERS[0].defaultName,
    name2: plan?.name2 ?? PLAN_TIERS[1].defaultName,
    name3: plan?.name3 ?? PLAN_TIERS[2].defaultName,
    price1: priceText(plan?.price1),
    price2: priceText(plan?.price2),
    price3: priceText(plan?.price3),
    description1: plan?.description1 ?? '',
    description2: plan?.description2 ?? '',
    description3: plan?.description3 ?? '',
  };
}

// The server's own schema, so the form refuses exactly what the server would (blank names, prices below 0).
// Its price fields also accept text, so its input type is wider than the form's.
export const planFormResolver = zodResolver(planInputSchema) as unknown as Resolver<PlanFormValues, unknown, PlanInput>;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });

/** "$9.99", as the pricing page shows it. */
export function formatPlanPrice(price: number): string {
  return usd.format(price);
}
