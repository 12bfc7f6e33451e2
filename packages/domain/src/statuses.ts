/** The statuses an operator can pick, in the order the console lists them (SPEC §4). */
export const PACKAGE_STATUSES = [
  'Pending',
  'Order Placed',
  'Package in transit to sorting hub',
  'Package in sorting hub',
  'Processing',
  'Shipped',
  'Out for Delivery',
  'Delivered',
  'Returning to sender',
  'Rejected',
] as const;

export type ListedStatus = (typeof PACKAGE_STATUSES)[number];

/** The dropdown entry that reveals the free-text box; never stored as a status itself. */
export const CUSTOM_STATUS_OPTION = 'Custom Status';

export const PENDING_STATUS: ListedStatus = 'Pending';
/** What Accept produces: the first step of the customer's timeline. */
export const ACCEPTED_STATUS: ListedStatus = 'Order Placed';
export const REJECTED_STATUS: ListedStatus = 'Rejected';
export const OUT_FOR_DELIVERY_STATUS: ListedStatus = 'Out for Delivery';
export const DELIVERED_STATUS: ListedStatus = 'Delivered';
/**
 * Not in SPEC's list: what a package becomes after the admin's number of failed delivery attempts
 * (docs/decisions/0043). It stays on the road back, so it is neither settled nor on a run again.
 */
export const RETURNING_STATUS: ListedStatus = 'Returning to sender';

export type BadgeColor =
  | 'yellow'
  | 'blue'
  | 'teal'
  | 'cyan'
  | 'grape'
  | 'orange'
  | 'pink'
  | 'green'
  | 'indigo'
  | 'red'
  | 'gray';

/** SPEC §4 badge colours; purple is Mantine's `grape`. Returning to sender, not in SPEC, is indigo. */
export const STATUS_COLORS: Record<ListedStatus, BadgeColor> = {
  Pending: 'yellow',
  'Order Placed': 'blue',
  'Package in transit to sorting hub': 'teal',
  'Package in sorting hub': 'cyan',
  Processing: 'grape',
  Shipped: 'orange',
  'Out for Delivery': 'pink',
  Delivered: 'green',
  'Returning to sender': 'indigo',
  Rejected: 'red',
};

/** True for one of the listed statuses (exact text). */
export function isListedStatus(status: string): status is ListedStatus {
  return (PACKAGE_STATUSES as readonly string[]).includes(status);
}

/** Badge colour for any status; a custom status is gray. */
export function statusColor(status: string): BadgeColor {
  return isListedStatus(status) ? STATUS_COLORS[status] : 'gray';
}

/** Maximum length of a custom status typed by an operator. */
export const STATUS_MAX_LENGTH = 100;
