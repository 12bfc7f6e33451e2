import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_NOT_FOUND,
  ACCOUNT_OWNER_ONLY,
  type createWebhookEndpointSchema,
  type updateWebhookEndpointSchema,
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_DELIVERY_NOT_PENDING,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TOO_MANY,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@waybill/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { AppError } from '../../errors.ts';
import type { AccountPrincipal } from '../accounts/account-auth.service.ts';
import { memberAuditActor } from '../accounts/account-auth.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { registrationProblem, type TargetRules } from './webhook-targets.ts';
import * as repository from './webhooks.repository.ts';

/** A new signing secret: `whsec_` and 24 random bytes in base64, as the Standard Webhooks spec writes them. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

function toEndpoint(row: repository.EndpointRow, now = new Date()): WebhookEndpoint {
  const overlap = row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? row.previousSecretExpiresAt : null;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    enabled: row.disabledAt === null,
    disabledReason: row.disabledReason,
    previousSecretExpiresAt: iso(overlap),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toDelivery(row: repository.DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    messageId: messageIdOf(row.eventId),
    eventType: row.eventType as WebhookEventType,
    trackingCode: row.trackingCode,
    status: row.status as WebhookDelivery['status'],
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    lastError: row.lastError,
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: iso(row.deliveredAt),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The `webhook-id` of an event's calls: one per event, the same on every endpoint, attempt and resend. */
export function messageIdOf(eventId: number): string {
  return `msg_${eventId}`;
}

function requireOwner(principal: AccountPrincipal) {
  if (principal.role !== 'owner') throw new AppError(403, ACCOUNT_OWNER_ONLY);
}

/** The account's endpoint; another account's, or an id that is none, is a 404. */
async function endpointOf(db: Database, principal: AccountPrincipal, id: string) {
  const row = isUuid(id) ? await repository.findEndpointOf(db, principal.accountId, id) : undefined;
  if (!row) throw new AppError(404, ACCOUNT_NOT_FOUND);
  return row;
}

async function checkTarget(url: string, rules: TargetRules) {
  const problem = await registrationProblem(url, rules);
  if (problem) throw new AppError(400, problem);
}

/** The audit entry of a change of an endpoint: its URL and events, never its secret. */
const audited = (row: repository.EndpointRow) => ({
  account: row.accountId,
  url: row.url,
  events: row.events,
  enabled: row.disabledAt === null,
});

export async function listEndpoints(db: Database, principal: AccountPrincipal): Promise<WebhookEndpoint[]> {
  requireOwner(principal);
  const now = new Date();
  return (await repository.listEndpointsOf(db, principal.accountId)).map((row) => toEndpoint(row, now));
}

export async function createEndpoint(
  db: Database,
  rules: TargetRules,
  principal: AccountPrincipal,
  input: z.output<typeof createWebhookEndpointSchema>,
  ip: string,
): Promise<WebhookEndpointWithSecret> {
  requireOwner(principal);
  await checkTarget(input.url, rules);
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    const existing = await repository.listEndpointsOf(tx, principal.accountId);
    if (existing.length >= WEBHOOK_ENDPOINTS_MAX) throw new AppError(409, WEBHOOK_TOO_MANY);
    const row = await repository.insertEndpoint(tx, {
      accountId: principal.accountId,
      url: input.url,
      description: input.description,
      events: input.events,
      secret,
    });
    await recordAudit(tx, {
      actor: memberAuditActor(ip),
      action: 'account.webhook_created',
      target: { type: 'webhook', id: row.id },
      after: { ...audited(row), by: principal.memberId },
    });
    return { ...toEndpoint(row), secret };
  });
}

export async function updateEndpoint(
  db: Database,
  rules: TargetRules,
  principal: AccountPrincipal,
  id: string,
  input: z.output<typeof updateWebhookEndpointSchema>,
  ip: string,
): Promise<WebhookEndpoint> {
  requireOwner(principal);
  const before = await endpointOf(db, principal, id);
  if (input.url !== undefined && input.url !== before.url) await checkTarget(input.url, rules);
  const now = new Date();
  return db.transaction(async (tx) => {
    const row = await repository.updateEndpoint(tx, before.id, {
      ...(input.url !== undefined && { url: input.url }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.events !== undefined && { events: input.events }),
      ...(input.enabled === true && { disabledAt: null, disabledReason: null }),
      ...(input.enabled === false && before.disabledAt === null && { disabledAt: now, disabledReason: null }),
      updatedAt: now,
    });
    await recordAudit(tx, {
      actor: memberAuditActor(ip),
      action: 'account.webhook_updated',
      target: { type: 'webhook', id: row.id },
      before: audited(before),
      after: { ...audited(row), by: principal.memberId },
    });
    return toEndpoint(row, now);
  });
}

export async function deleteEndpoint(db: Database, principal: AccountPrincipal, id: string, ip: string) {
  requireOwner(principal);
  const row = await endpointOf(db, principal, id);
  await db.transaction(async (tx) => {
    await repository.deleteEndpoint(tx, row.id);
    await recordAudit(tx, {
      actor: memberAuditActor(ip),
      action: 'account.webhook_deleted',
      target: { type: 'webhook', id: row.id },
      before: audited(row),
      after: { by: principal.memberId },
    });
  });
  return { message: 'Webhook endpoint deleted' };
}

/**
 * A new secret; the one it replaces keeps signing beside it (a second signature in each call) for
 * WEBHOOK_SECRET_OVERLAP_HOURS, so the receiver can switch to the new one without missing a call.
 */
export async function rotateSecret(
  db: Database,
  principal: AccountPrincipal,
  id: string,
  ip: string,
): Promise<WebhookEndpointWithSecret> {
  requireOwner(principal);
  const before = await endpointOf(db, principal, id);
  const now = new Date();
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    const row = await repository.updateEndpoint(tx, before.id, {
      secret,
      previousSecret: before.secret,
      previousSecretExpiresAt: new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000),
      updatedAt: now,
    });
    await recordAudit(tx, {
      actor: memberAuditActor(ip),
      action: 'account.webhook_secret_rotated',
      target: { type: 'webhook', id: row.id },
      after: { account: row.accountId, by: principal.memberId, overlapHours: WEBHOOK_SECRET_OVERLAP_HOURS },
    });
    return { ...toEndpoint(row, now), secret };
  });
}

export async function listDeliveries(
  db: Database,
  principal: AccountPrincipal,
  id: string,
  status: string | undefined,
): Promise<WebhookDelivery[]> {
  requireOwner(principal);
  const endpoint = await endpointOf(db, principal, id);
  return (await repository.listDeliveriesOf(db, endpoint.id, status, WEBHOOK_DELIVERIES_PAGE_SIZE)).map(toDelivery);
}

/** Sends a delivery again (same `webhook-id`, so a receiver that had it can tell), with a new day of retries. */
export async function resendDelivery(
  db: Database,
  principal: AccountPrincipal,
  id: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  requireOwner(principal);
  const endpoint = await endpointOf(db, principal, id);
  const found = isUuid(deliveryId) ? await repository.findDeliveryOf(db, endpoint.id, deliveryId) : undefined;
  if (!found) throw new AppError(404, ACCOUNT_NOT_FOUND);
  const row = await repository.requeueDelivery(db, found.id, new Date());
  if (!row) throw new AppError(409, WEBHOOK_DELIVERY_NOT_PENDING);
  return toDelivery(row);
}
