import {
  AUDIT_SIGN_IN_ACTIONS,
  type AuditAction,
  type AuditEntry,
  type AuditTargetType,
  type auditListQuerySchema,
  INBOX_KIND_LABELS,
  type InboxKind,
  runLabel,
} from '@waybill/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { isUuid, orderedUuids } from '../../db/ids.ts';
import { pageWindow } from '../../db/paging.ts';
import { notFound } from '../../errors.ts';
import * as repository from './audit.repository.ts';

/** A signed-in operator, as the entry keeps them (their e-mail as text: it stays readable after they go). */
export interface OperatorActor {
  kind: 'operator';
  id: string;
  email: string;
  ip?: string;
}

/**
 * Who makes a change: every service that changes data takes one and records it with the change. A
 * customer's address is not kept (it is personal data, and the log outlives the customer's records).
 */
export type AuditActor =
  | OperatorActor
  | { kind: 'customer'; ip?: string }
  | { kind: 'system' }
  | { kind: 'command-line' };

/** The server's commands run on its machine (`npm run operator`): whoever can run them holds the database. */
export const COMMAND_LINE: AuditActor = { kind: 'command-line' };
/** The server itself, e.g. creating the first operator at its first start. */
export const SYSTEM: AuditActor = { kind: 'system' };

export type AuditValues = Record<string, unknown>;

export interface AuditRecord {
  actor: AuditActor;
  action: AuditAction;
  target?: { type: AuditTargetType; id: string };
  /**
   * Only the fields the change touched; never a password, a hash or a token, nor a customer's name,
   * e-mail, phone or address: entries are never removed, so a deleted package's would stay readable.
   * Identifiers (the tracking code, record ids) say what the change was about.
   */
  before?: AuditValues | null;
  after?: AuditValues | null;
}

/** The operator of a console request, with the address the request came from. */
export function operatorActor(request: FastifyRequest): OperatorActor {
  const { id, email } = request.operator!;
  return { kind: 'operator', id, email, ip: request.ip };
}

export function customerActor(request: FastifyRequest): AuditActor {
  return { kind: 'customer', ip: request.ip };
}

/**
 * Writes one entry. Called by a service with its own transaction (`tx`), so the entry is committed
 * with the change and rolled back with it.
 */
export async function recordAudit(tx: Database, entry: AuditRecord): Promise<void> {
  await repository.insertAuditEntry(tx, rowOf(entry));
}

/**
 * Writes many entries in one statement, in the caller's transaction (a batch of changes). Written in
 * the same millisecond, they share their time: their ids, ordered like the entries, keep the order in
 * which the log lists entries of one time (newest first, then by id).
 */
export async function recordAudits(tx: Database, entries: AuditRecord[]): Promise<void> {
  const ids = orderedUuids(entries.length);
  await repository.insertAuditEntries(
    tx,
    entries.map((entry, index) => ({ ...rowOf(entry), id: ids[index] })),
  );
}

function rowOf(entry: AuditRecord): repository.NewAuditRow {
  const { actor } = entry;
  return {
    actorKind: actor.kind,
    actorId: actor.kind === 'operator' ? actor.id : null,
    actorEmail: actor.kind === 'operator' ? actor.email : null,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: actor.kind === 'operator' ? (actor.ip ?? null) : null,
  };
}

/**
 * A failed sign-in: the event itself, written in its own statement (there is no change to go with).
 * The e-mail tried is kept; the operator's id only when the address belongs to one.
 */
export async function recordFailedSignIn(
  db: Database,
  attempt: { email: string; operatorId?: string; ip?: string },
): Promise<void> {
  await repository.insertAuditEntry(db, {
    actorKind: 'operator',
    actorId: attempt.operatorId ?? null,
    actorEmail: attempt.email,
    action: 'auth.sign_in_failed',
    targetType: attempt.operatorId ? 'operator' : null,
    targetId: attempt.operatorId ?? null,
    ip: attempt.ip ?? null,
  });
}

const comparable = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/**
 * The named fields that differ between two versions of a record, each side holding only those: what
 * an entry's before and after keep. Dates become ISO text, as the API shows them.
 */
export function changedFields<T extends object>(
  before: T,
  after: T,
  fields: readonly (keyof T & string)[],
): { before: AuditValues; after: AuditValues } {
  const was: AuditValues = {};
  const now: AuditValues = {};
  for (const field of fields) {
    const a = comparable(before[field]);
    const b = comparable(after[field]);
    if (JSON.stringify(a) !== JSON.stringify(b)) {
      was[field] = a ?? null;
      now[field] = b ?? null;
    }
  }
  return { before: was, after: now };
}

/** The named fields of a record, for the after of a creation or the before of a removal. */
export function pickFields<T extends object>(record: T, fields: readonly (keyof T & string)[]): AuditValues {
  const values: AuditValues = {};
  for (const field of fields) values[field] = comparable(record[field]) ?? null;
  return values;
}

/** The settings an entry can name, in words. */
const SETTING_LABELS: Record<string, string> = {
  attention: 'Needs attention hours',
  notifications: 'Customer notifications',
  texts: 'Text messages',
};

/** What the log calls a target whose record says nothing more about it. */
export const CONTACT_DETAILS_LABEL = 'Contact details';
export const EMAIL_LABEL = 'E-mail';

/**
 * The words for each entry's target, read from the records the entries name (operators, plans, inbox
 * items, runs: a few queries per page, however many entries). Only what the log may show: an operator's
 * name or e-mail (staff, not customers), a plan's tier names, an inbox request's kind, a run's driver
 * and day.
 */
async function targetLabels(db: Database, rows: repository.AuditRow[]): Promise<(string | null)[]> {
  const idsOf = (type: AuditTargetType) => [
    ...new Set(
      rows.filter((row) => row.targetType === type && row.targetId && isUuid(row.targetId)).map((row) => row.targetId!),
    ),
  ];
  const [operators, plans, inbox, runs] = await Promise.all([
    repository.findOperatorNames(db, idsOf('operator')),
    repository.findPlanNames(db, idsOf('plan')),
    repository.findInboxKinds(db, idsOf('inbox')),
    repository.findRunLabels(db, idsOf('run')),
  ]);
  const operatorLabel = new Map(operators.map((row) => [row.id, row.name.trim() || row.email]));
  const planLabel = new Map(
    plans.map((row) => [row.id, [row.name1, row.name2, row.name3].filter((name) => name.trim()).join(' · ')]),
  );
  const inboxLabel = new Map(inbox.map((row) => [row.id, INBOX_KIND_LABELS[row.kind as InboxKind] ?? row.kind]));
  const runLabels = new Map(runs.map((row) => [row.id, runLabel(row.name.trim() || row.email, row.day)]));
  return rows.map((row) => {
    const id = row.targetId;
    if (!row.targetType || !id) return null;
    switch (row.targetType as AuditTargetType) {
      case 'package':
        return id;
      case 'operator':
        return operatorLabel.get(id) ?? null;
      case 'plan':
        return planLabel.get(id) || null;
      case 'inbox':
        return inboxLabel.get(id) ?? null;
      case 'run':
        return runLabels.get(id) ?? null;
      case 'details':
        return CONTACT_DETAILS_LABEL;
      case 'settings':
        return SETTING_LABELS[id] ?? null;
      case 'email': {
        const code = row.after?.trackingCode;
        return typeof code === 'string' ? `${EMAIL_LABEL} about ${code}` : EMAIL_LABEL;
      }
      default:
        return null;
    }
  });
}

function toEntry(row: repository.AuditRow, targetLabel: string | null = null): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorKind: row.actorKind as AuditEntry['actorKind'],
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    targetLabel: targetLabel ?? (row.targetType === 'package' ? row.targetId : null),
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip,
  };
}

export async function listAudit(db: Database, query: z.output<typeof auditListQuerySchema>) {
  const actor = query.actor?.trim();
  const target = query.target?.trim();
  const filter: repository.AuditFilter = {
    ...(actor ? (isUuid(actor) ? { actorId: actor.toLowerCase() } : { actorEmail: actor.toLowerCase() }) : {}),
    ...(query.action?.trim() ? { action: query.action.trim() } : {}),
    ...(query.show === 'changes' ? { actionNotIn: AUDIT_SIGN_IN_ACTIONS } : {}),
    ...(query.show === 'sign-ins' ? { actionIn: AUDIT_SIGN_IN_ACTIONS } : {}),
    ...(target ? { targetIds: [...new Set([target, target.toUpperCase(), target.toLowerCase()])] } : {}),
    ...(query.from ? { from: new Date(query.from) } : {}),
    ...(query.to ? { to: new Date(query.to) } : {}),
  };
  const [rows, total] = await Promise.all([
    repository.findAuditPage(db, filter, pageWindow(query)),
    repository.countAudit(db, filter),
  ]);
  const labels = await targetLabels(db, rows);
  return { items: rows.map((row, index) => toEntry(row, labels[index])), total };
}

/** More than any package gathers in its life; a longer history is read through the audit list. */
export const HISTORY_LIMIT = 1000;

/**
 * A package's entries, newest first. `exists` says whether the package is still there: one with no
 * entries yet (made before the log) has an empty history, an unknown code with none is a 404.
 */
export async function packageHistory(
  db: Database,
  trackingCode: string,
  exists: (db: Database, trackingCode: string) => Promise<boolean>,
  missingMessage: string,
): Promise<AuditEntry[]> {
  const rows = await repository.findTargetHistory(db, 'package', trackingCode, HISTORY_LIMIT);
  if (rows.length === 0 && !(await exists(db, trackingCode))) throw notFound(missingMessage);
  return rows.map((row) => toEntry(row));
}
