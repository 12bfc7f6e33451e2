import type { AuditAction, AuditEntry, AuditTargetType } from '@waybill/domain';
import { formatDateTime } from './format-date.ts';

/** How each recorded action reads in a list or a select; an action not named here reads as its name. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'package.submitted': 'Package submitted',
  'package.accepted': 'Package accepted',
  'package.rejected': 'Package rejected',
  'package.status_changed': 'Status changed',
  'package.location_added': 'Location added',
  'package.location_removed': 'Location removed',
  'package.delivery_proof_recorded': 'Proof of delivery recorded',
  'package.delivery_proof_removed': 'Proof of delivery removed',
  'package.attempt_photo_added': 'Photo of a failed attempt added',
  'package.deleted': 'Package deleted',
  'package.updates_requested': 'E-mail updates requested',
  'package.updates_confirmed': 'E-mail updates confirmed',
  'package.updates_ended': 'E-mail updates ended',
  'plan.created': 'Plan created',
  'plan.updated': 'Plan updated',
  'details.created': 'Contact details created',
  'details.updated': 'Contact details updated',
  'email.sent': 'E-mail sent',
  'settings.notifications_changed': 'Customer notifications changed',
  'settings.attention_changed': 'Needs attention hours changed',
  'settings.delivery_changed': 'Delivery settings changed',
  'settings.texts_changed': 'Text message settings changed',
  'inbox.received': 'Request received',
  'inbox.state_changed': 'Inbox item marked',
  'operator.added': 'Operator added',
  'operator.invited': 'Operator invited',
  'operator.role_changed': 'Role changed',
  'operator.deactivated': 'Operator deactivated',
  'operator.reactivated': 'Operator reactivated',
  'operator.password_reset_sent': 'Password link sent',
  'operator.invitation_accepted': 'Invitation accepted',
  'operator.password_changed': 'Password changed',
  'operator.password_reset': 'Password reset',
  'auth.sign_in_succeeded': 'Signed in',
  'auth.sign_in_failed': 'Sign-in failed',
  'auth.signed_out': 'Signed out',
  'run.created': 'Run created',
  'run.updated': 'Run changed',
  'run.deleted': 'Run deleted',
  'run.stops_changed': 'Stops of a run changed',
  'package.checked': 'Sender or recipient checked on the tracking page',
  'package.preferences_changed': 'Delivery instructions or safe place changed on the tracking page',
  'package.rated': 'Delivery rated',
  'inbox.account_approved': 'Account request approved',
  'inbox.account_declined': 'Account request declined',
  'account.sign_in_succeeded': 'Business customer signed in',
  'account.signed_out': 'Business customer signed out',
  'account.password_set': 'Business customer set a password',
  'account.member_invited': 'Business customer invited a colleague',
  'account.member_removed': 'Business customer removed a colleague',
  'account.api_key_created': 'API key created',
  'account.api_key_revoked': 'API key revoked',
  'account.shipments_imported': 'Business customer imported shipments from a spreadsheet',
  'account.webhook_created': 'Webhook endpoint added',
  'account.webhook_updated': 'Webhook endpoint changed',
  'account.webhook_deleted': 'Webhook endpoint deleted',
  'account.webhook_secret_rotated': 'Webhook signing secret rotated',
  'account.webhook_disabled': 'Webhook endpoint turned off after a day of failed calls',
  'package.text_updates_requested': 'Text updates requested (code texted)',
  'package.text_updates_confirmed': 'Text updates confirmed',
  'texts.stopped': 'Texts stopped by a reply (STOP)',
  'texts.started': 'Texts started again by a reply (START)',
};

/** What each kind of target is called, over the words that name the target itself. */
export const AUDIT_TARGET_TYPE_LABELS: Record<AuditTargetType, string> = {
  package: 'Package',
  plan: 'Plan',
  details: 'Contact details',
  email: 'E-mail',
  settings: 'Setting',
  operator: 'Operator',
  inbox: 'Inbox',
  run: 'Run',
  account: 'Business account',
  'account-member': 'Business account member',
  'api-key': 'API key',
  webhook: 'Webhook endpoint',
};

export function targetTypeLabel(type: string): string {
  return (AUDIT_TARGET_TYPE_LABELS as Record<string, string>)[type] ?? type;
}

export function actionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}

/** A value kept long (a description, a message) is cut so one entry stays one readable line. */
const VALUE_MAX = 80;

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
  return text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX - 1)}…` : text;
}

type Values = AuditEntry['before'];

const field = (values: Values, name: string): unknown => values?.[name];

/** "status: Pending → Order Placed; location: Lagos" for every field the change touched. */
export function describeChanges(before: Values, after: Values): string {
  const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return names
    .map((name) => {
      const had = before !== null && name in before;
      const has = after !== null && name in after;
      if (had && has) return `${name}: ${show(before[name])} → ${show(after[name])}`;
      if (has) return `${name}: ${show(after?.[name])}`;
      return `${name} removed (was ${show(before?.[name])})`;
    })
    .join('; ');
}

/** "Order Placed → Shipped" when both sides hold `name`. */
function transition(entry: AuditEntry, name: string): string | undefined {
  const from = field(entry.before, name);
  const to = field(entry.after, name);
  if (to === undefined) return undefined;
  return from === undefined ? show(to) : `${show(from)} → ${show(to)}`;
}

/** A label and, after a colon, what changed; just the label when there is nothing to add. */
const sentence = (label: string, detail: string | undefined) => (detail ? `${label}: ${detail}` : label);

/**
 * What an entry says in words, e.g. "Status changed: Order Placed → Shipped" or "Location added: Lagos
 * hub". The known actions pick the fields that matter; any other lists every changed field.
 */
export function describeAuditEntry(entry: AuditEntry): string {
  const label = actionLabel(entry.action);
  switch (entry.action) {
    case 'package.submitted':
      return 'Package submitted';
    case 'package.accepted':
    case 'package.rejected':
    case 'package.status_changed':
      return sentence(label, transition(entry, 'status'));
    case 'package.location_added':
      return sentence(label, show(field(entry.after, 'location')));
    case 'package.location_removed':
      return sentence(label, show(field(entry.before, 'location')));
    case 'package.delivery_proof_recorded':
    case 'package.delivery_proof_removed': {
      const receivedBy = field(
        entry.action === 'package.delivery_proof_removed' ? entry.before : entry.after,
        'receivedBy',
      );
      if (receivedBy !== undefined) return sentence(label, `received by ${show(receivedBy)}`);
      // Newer entries keep no name (it is the receiver's personal data), only what the proof holds.
      const values = entry.action === 'package.delivery_proof_removed' ? entry.before : entry.after;
      const parts = ['photo', 'signature'].filter((part) => field(values, part) === true);
      return sentence(label, parts.length > 0 ? `with ${parts.join(' and ')}` : undefined);
    }
    case 'package.deleted':
      return 'Package deleted';
    case 'email.sent': {
      const to = field(entry.after, 'to');
      const subject = field(entry.after, 'subject');
      return `E-mail sent${to ? ` to ${show(to)}` : ''}${subject ? `: “${show(subject)}”` : ''}`;
    }
    case 'settings.notifications_changed':
      return field(entry.after, 'notifyCustomers') === true
        ? 'Customer notifications turned on'
        : 'Customer notifications turned off';
    case 'inbox.received':
      return sentence(label, field(entry.after, 'kind') === undefined ? undefined : show(field(entry.after, 'kind')));
    case 'inbox.state_changed':
      return sentence(label, show(field(entry.after, 'state')));
    case 'operator.added':
    case 'operator.invited':
      return sentence(
        label,
        [field(entry.after, 'email'), field(entry.after, 'role')].filter(Boolean).map(show).join(' as ') || undefined,
      );
    case 'operator.role_changed':
      return sentence(label, transition(entry, 'role'));
    case 'package.text_updates_requested':
    case 'package.text_updates_confirmed':
    case 'texts.stopped':
    case 'texts.started': {
      // The number as the Messages page shows it (+233 •••• ••45): the entry never holds it whole.
      const number = field(entry.after, 'number');
      return sentence(label, number === undefined ? undefined : show(number));
    }
    case 'auth.sign_in_failed':
    case 'auth.sign_in_succeeded':
    case 'auth.signed_out':
    case 'operator.deactivated':
    case 'operator.reactivated':
    case 'operator.password_changed':
    case 'operator.password_reset':
      return label;
    default:
      return sentence(label, describeChanges(entry.before, entry.after) || undefined);
  }
}

/** What an entry changed, without its action's name (for a table with an Action column); '' when nothing more. */
export function describeAuditChange(entry: AuditEntry): string {
  const label = actionLabel(entry.action);
  const full = describeAuditEntry(entry);
  if (full === label) return '';
  return full.startsWith(`${label}: `) ? full.slice(label.length + 2) : full;
}

/**
 * Who made the change: the operator's e-mail as it was then, "Customer" for a submission, "System", or
 * "Command line" for the server's commands (`npm run operator`).
 */
export function describeActor(entry: AuditEntry): string {
  if (entry.actorKind === 'customer') return 'Customer';
  if (entry.actorKind === 'system') return 'System';
  if (entry.actorKind === 'command-line') return 'Command line';
  return entry.actorEmail ?? entry.actorId ?? 'Unknown operator';
}

/** "25 Nov 2026, 14:05" in the operator's time zone (formatDateTime, as every date on screen). */
export function formatAuditTime(iso: string): string {
  return formatDateTime(iso);
}

/** One line of a history: "25 Nov 2026, 14:05 · ops@courier.test · Status changed: Order Placed → Shipped". */
export function describeAuditLine(entry: AuditEntry): string {
  return `${formatAuditTime(entry.at)} · ${describeActor(entry)} · ${describeAuditEntry(entry)}`;
}
