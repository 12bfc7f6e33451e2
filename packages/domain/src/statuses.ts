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
  'Rejected',
] as const;

export type ListedStatus = (typeof PACKAGE_STATUSES)[number];

/** The dropdown entry that reveals the free-text box; never stored as a status itself. */
export const CUSTOM_STATUS_OPTION = 'Custom Status';

export const PENDING_STATUS: ListedStatus = 'Pending';
/** What Accept produces: the first step of the customer's timeline. */
export const ACCEPTED_STATUS: ListedStatus = 'Order Placed';
export const REJECTED_STATUS: ListedStatus = 'Rejected';
export const DELIVERED_STATUS: ListedStatus = 'Delivered';

export type BadgeColor = 'yellow' | 'blue' | 'teal' | 'cyan' | 'grape' | 'orange' | 'pink' | 'green' | 'red' | 'gray';

/** SPEC §4 badge colours; purple is Mantine's `grape`. */
export const STATUS_COLORS: Record<ListedStatus, BadgeColor> = {
  Pending: 'yellow',
  'Order Placed': 'blue',
  'Package in transit to sorting hub': 'teal',
  'Package in sorting hub': 'cyan',
  Processing: 'grape',
  Shipped: 'orange',
  'Out for Delivery': 'pink',
  Delivered: 'green',
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
