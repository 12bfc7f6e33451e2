import { z } from 'zod';
import { requiredEmail } from './fields.ts';

/** Confirmed addresses a package's updates may go to. */
export const MAX_SUBSCRIBERS = 5;
/** How long a confirmation link works. */
export const SUBSCRIPTION_CONFIRM_HOURS = 48;

/**
 * The answer to every accepted request for e-mail updates, true whether the address is new, waiting
 * for its confirmation or already confirmed (which then gets no e-mail): it never tells which.
 */
export const SUBSCRIBE_ACCEPTED =
  'Check your inbox. Unless this address already gets updates for this package, we have sent it a link to confirm; updates start once it is confirmed.';
export const SUBSCRIBERS_FULL = `This package already sends updates to ${MAX_SUBSCRIBERS} addresses, the most it can.`;

/** POST /api/track/{code}/subscriptions. */
export const subscribeBodySchema = z.object({ email: requiredEmail('Email is required') });
export type SubscribeBody = z.infer<typeof subscribeBodySchema>;

export const subscribeAnswerSchema = z.object({ message: z.literal(SUBSCRIBE_ACCEPTED) });
export type SubscribeAnswer = z.infer<typeof subscribeAnswerSchema>;

/**
 * The token of a confirmation or unsubscribe link. Bounded, not shaped: a token of the wrong shape is
 * answered with the same small page as an unknown one.
 */
export const subscriptionTokenQuerySchema = z.object({
  token: z.string().max(200, { error: 'Must be at most 200 characters' }).optional().default(''),
});
