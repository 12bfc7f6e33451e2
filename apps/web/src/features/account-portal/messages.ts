// Every text of the portal that appears in more than one place, or that a toast shows: declared once.
import { ACCOUNT_LINK_HOURS, WEBHOOK_SECRET_OVERLAP_HOURS } from '@waybill/domain';

export const PORTAL_NAME = 'Waybill Business Account';

export const SIGN_IN_FAILED = 'Sign-in failed';
/** The title over the sign-in throttle's 429 (the server's message says how long to wait). */
export const SIGN_IN_THROTTLED = 'Too many sign-in attempts';
export const SIGNED_OUT = 'You are signed out.';
export const PASSWORD_SET_TITLE = 'Password set';
export const LINK_INCOMPLETE = 'This link is incomplete';
export const LINK_HELP = `Links work once, for ${ACCOUNT_LINK_HOURS} hours. Ask an owner of your account for a new one.`;

export const SHIPMENT_NOT_FOUND =
  'No shipment of your account has this tracking code. Check the code, or go back to your shipments.';
export const NO_SHIPMENTS = 'No shipments yet. Ship your first package, or connect your shop through the API.';
export const NO_MATCHES = 'No shipments match this search.';
export const SHIPPED_TITLE = 'Package created';
export const SHIP_FAILED = 'The package was not created';

export const SHOWN_ONCE = 'Shown once: copy it now. It is kept only as a hash and cannot be shown again.';
export const KEY_CREATED = 'API key created';
export const KEY_REVOKED = 'API key revoked';
export const KEY_FAILED = 'The API key was not changed';

export const ENDPOINT_ADDED = 'Webhook endpoint added';
export const ENDPOINT_CHANGED = 'Webhook endpoint changed';
export const ENDPOINT_DELETED = 'Webhook endpoint deleted';
export const SECRET_ROTATED = 'Signing secret rotated';
export const ROTATE_NOTE = `The old secret keeps signing beside the new one for ${WEBHOOK_SECRET_OVERLAP_HOURS} hours, so your receiver can switch without missing a call.`;
export const DELIVERY_RESENT = 'Delivery sent again';
export const WEBHOOK_FAILED = 'The webhook endpoint was not changed';

export const MEMBER_INVITED = 'Invitation sent';
export const MEMBER_REMOVED = 'Member removed';
export const TEAM_FAILED = 'The team was not changed';
