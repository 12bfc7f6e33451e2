import { z } from 'zod';
import { isoTimestamp } from './fields.ts';
import { pageQueryFields } from './paging.ts';

/**
 * Who made a change: a signed-in operator, a customer on the public site, the server itself, or
 * whoever ran one of the server's commands on its machine (`npm run operator`).
 */
export const AUDIT_ACTOR_KINDS = ['operator', 'customer', 'system', 'command-line'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/** The stable names of what the audit log records; a console filter may offer them as a list. */
export const AUDIT_ACTIONS = [
  'package.submitted',
  'package.accepted',
  'package.rejected',
  'package.status_changed',
  'package.location_added',
  'package.location_removed',
  'package.delivery_proof_recorded',
  'package.delivery_proof_removed',
  'package.attempt_photo_added',
  'package.deleted',
  'package.updates_requested',
  'package.updates_confirmed',
  'package.updates_ended',
  'plan.created',
  'plan.updated',
  'details.created',
  'details.updated',
  'email.sent',
  'settings.notifications_changed',
  'settings.attention_changed',
  'settings.delivery_changed',
  'settings.texts_changed',
  'inbox.received',
  'inbox.state_changed',
  'operator.added',
  'operator.invited',
  'operator.role_changed',
  'operator.deactivated',
  'operator.reactivated',
  'operator.password_reset_sent',
  'operator.invitation_accepted',
  'operator.password_changed',
  'operator.password_reset',
  'auth.sign_in_succeeded',
  'auth.sign_in_failed',
  'auth.signed_out',
  'run.created',
  'run.updated',
  'run.deleted',
  'run.stops_changed',
  'package.checked',
  'package.preferences_changed',
  'package.rated',
  'inbox.account_approved',
  'inbox.account_declined',
  'account.sign_in_succeeded',
  'account.signed_out',
  'account.password_set',
  'account.member_invited',
  'account.member_removed',
  'account.api_key_created',
  'account.api_key_revoked',
  'account.shipments_imported',
  'account.webhook_created',
  'account.webhook_updated',
  'account.webhook_deleted',
  'account.webhook_secret_rotated',
  'account.webhook_disabled',
  'package.text_updates_requested',
  'package.text_updates_confirmed',
  'texts.stopped',
  'texts.started',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry is about: a package (by tracking code), a plan, contact details, an operator, a run, … */
export const AUDIT_TARGET_TYPES = [
  'package',
  'plan',
  'details',
  'email',
  'settings',
  'operator',
  'inbox',
  'run',
  'account',
  'account-member',
  'api-key',
  'webhook',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/**
 * The fields a change touched, as they were before or after it: never a password, hash or token, and
 * no customer's personal data (names, e-mail addresses, phones, addresses), which the log would keep
 * after the record they belong to is deleted.
 */
const auditValuesSchema = z.record(z.string(), z.unknown()).nullable();

/** One entry of the audit log: written with the change it records, never changed or removed. */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  actorKind: z.enum(AUDIT_ACTOR_KINDS),
  /** Null for a customer, the system, or a failed sign-in of an unknown e-mail. */
  actorId: z.string().nullable(),
  /** As it was when the entry was written; for a failed sign-in, the e-mail tried. */
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  /** The tracking code of a package, the record id of anything else. */
  targetId: z.string().nullable(),
  /**
   * What the target is, in words, read when the log is listed: a package's tracking code, an operator's
   * name (or e-mail), a plan's names, "Contact details", a setting's or an inbox request's kind. Never a
   * customer's personal data. Null without a target, or when the record is gone.
   */
  targetLabel: z.string().nullable(),
  before: auditValuesSchema,
  after: auditValuesSchema,
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The actions of signing in, operators' and business customers': many a day, they would drown the changes in the log. */
export const AUDIT_SIGN_IN_ACTIONS = [
  'auth.sign_in_succeeded',
  'auth.sign_in_failed',
  'account.sign_in_succeeded',
] as const satisfies AuditAction[];

/** Which entries a list shows: changes (all but sign-ins and failed sign-ins), sign-ins only, or all. */
export const AUDIT_SHOWS = ['changes', 'sign-ins', 'all'] as const;
export type AuditShow = (typeof AUDIT_SHOWS)[number];

export const AUDIT_PAGE_SIZE = 50;
const FILTER_MAX = 254;

/** GET /api/admin/audit: a page of the log, newest first, narrowed by any of the filters. */
export const auditListQuerySchema = z.object({
  ...pageQueryFields(AUDIT_PAGE_SIZE),
  actor: z.string().max(FILTER_MAX).optional().describe("An operator's id or e-mail (any case)"),
  action: z.string().max(100).optional().describe('An exact action name, e.g. package.accepted'),
  show: z
    .enum(AUDIT_SHOWS, { error: 'show must be changes, sign-ins or all' })
    .optional()
    .describe('changes: all but sign-ins and failed sign-ins; sign-ins: only those; all (the default)'),
  target: z.string().max(FILTER_MAX).optional().describe('A tracking code (any case) or a record id'),
  from: isoTimestamp('from must be an ISO date-time').optional().describe('Entries at or after this instant'),
  to: isoTimestamp('to must be an ISO date-time').optional().describe('Entries at or before this instant'),
});
export type AuditListQuery = z.input<typeof auditListQuerySchema>;
