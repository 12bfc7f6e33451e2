import { DELIVERED_STATUS, REJECTED_STATUS } from './statuses.ts';

export const UPDATES_CLOSED_DELIVERED = 'This package has been delivered: there are no more updates to send.';
export const UPDATES_CLOSED_REJECTED = 'This package was not accepted for delivery: there will be no updates to send.';

/**
 * Why e-mail updates cannot be asked for a package in `status`, or undefined when they can: a
 * delivered or rejected package will not move again. The tracking page does not offer them then, and
 * the server refuses them with this reason.
 */
export function updatesClosedReason(status: string): string | undefined {
  if (status === DELIVERED_STATUS) return UPDATES_CLOSED_DELIVERED;
  if (status === REJECTED_STATUS) return UPDATES_CLOSED_REJECTED;
  return undefined;
}

/** At most this many requests for e-mail updates to one mailbox (`mailboxKey`), whatever the package… */
export const UPDATE_REQUESTS_PER_MAILBOX = 5;
/** …in this many hours. */
export const UPDATE_REQUESTS_WINDOW_HOURS = 24;

/** The refusal of one request too many for a mailbox; `wait` says when it may ask again ("3 hours"). */
export const tooManyUpdateRequestsMessage = (wait: string) =>
  `This address has been sent too many confirmation e-mails. Please try again in ${wait}.`;
