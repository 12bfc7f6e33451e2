import { formatDay } from './dates.ts';
import { attemptSentence, COURIER_ON_THE_WAY, courierStopsAway } from './schemas/messages.ts';

/** A failed delivery attempt as the tracking answer tells it: when, why, and whether the package goes back. */
export interface DeliveryAttempt {
  /** ISO 8601 date-time on the road. */
  at: string;
  reason: string;
  returning: boolean;
}

/**
 * What the recipient reads of a failed attempt, its day written as the tracking page writes days (in the
 * time zone of the process that writes it): "Delivery attempted on Thu, 26 Nov 2026: Nobody at home. We
 * will try again on the next working day.", or that the package is being returned to its sender.
 */
export function describeAttempt(attempt: DeliveryAttempt): string {
  return attemptSentence(formatDay(attempt.at), attempt.reason.trim(), attempt.returning);
}

/** "Your courier is 3 stops away", "… 1 stop away", or on the way when no stop is left before this one. */
export function describeStopsAway(stops: number): string {
  return stops === 0 ? COURIER_ON_THE_WAY : courierStopsAway(stops);
}
