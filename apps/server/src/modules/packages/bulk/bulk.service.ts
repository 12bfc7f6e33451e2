import {
  BULK_ITEM_FAILED,
  BULK_REPEATED_CODE,
  type BulkActionName,
  type BulkResult,
  CUSTOM_STATUS_OPTION,
  CUSTOM_STATUS_REQUIRED,
} from '@waybill/domain';
import { AppError, badRequest } from '../../../errors.ts';
import { yieldToEventLoop } from '../../../event-loop.ts';
import type { AuditActor } from '../../audit/audit.service.ts';
import * as packages from '../packages.service.ts';

export interface BulkAction {
  action: BulkActionName;
  /** Already read as the single routes read a code (trimmed, upper-cased). */
  trackingCodes: string[];
  status?: string;
  location?: string;
}

type Outcome = Pick<BulkResult, 'status' | 'message'>;

interface Logger {
  error: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
}

/**
 * Each listed code goes through the very change its single route makes, so it gets the same rules,
 * notifications queued to the outbox, estimated delivery and image clean-up, in its own transaction:
 * a code that fails (with the single route's message) changes nothing and stops nothing else. Each
 * code that succeeds records its own audit entry in that transaction.
 */
function actionFor(deps: packages.PackageDeps, actor: AuditActor, body: BulkAction, log: Logger) {
  switch (body.action) {
    case 'accept':
      return async (code: string): Promise<Outcome> => ({
        status: (await packages.acceptPackageRow(deps.db, actor, code)).status,
      });
    case 'reject':
      return async (code: string): Promise<Outcome> => ({
        status: (await packages.rejectPackageRow(deps.db, actor, code)).status,
      });
    case 'status':
      return async (code: string): Promise<Outcome> => ({
        status: (await packages.setPackageStatus(deps, actor, code, body.status!, log)).status,
      });
    case 'location':
      return async (code: string): Promise<Outcome> => ({
        status: (await packages.addLocationUpdateRow(deps.db, actor, code, body.location!)).status,
      });
    case 'delete':
      return async (code: string): Promise<Outcome> => ({
        message: (await packages.deletePackage(deps, actor, code, log)).message,
      });
  }
}

/**
 * Does one action to many packages and says what happened to each, in the order listed. A code listed
 * again is not acted on twice: its later places answer `BULK_REPEATED_CODE`. Distinct codes are
 * independent of each other, so up to `concurrency` of them run at once: on PostgreSQL each takes its
 * own pooled connection (the 500-code request's time is mostly round trips); the embedded database has
 * one connection and runs them one after another (concurrency 1).
 */
export async function runBulkAction(
  deps: packages.PackageDeps,
  actor: AuditActor,
  body: BulkAction,
  log: Logger,
  concurrency = 1,
): Promise<BulkResult[]> {
  // The request as a whole is refused here, as the single status change refuses it, before any code.
  if (body.action === 'status' && body.status === CUSTOM_STATUS_OPTION) {
    throw badRequest(CUSTOM_STATUS_REQUIRED.message, { status: CUSTOM_STATUS_REQUIRED.message });
  }
  const act = actionFor(deps, actor, body, log);
  const results: BulkResult[] = new Array(body.trackingCodes.length);
  const firstPlaces: number[] = [];
  const seen = new Set<string>();
  body.trackingCodes.forEach((trackingCode, index) => {
    if (seen.has(trackingCode)) {
      results[index] = { trackingCode, ok: false, message: BULK_REPEATED_CODE };
    } else {
      seen.add(trackingCode);
      firstPlaces.push(index);
    }
  });

  async function handle(index: number) {
    const trackingCode = body.trackingCodes[index]!;
    await yieldToEventLoop();
    try {
      results[index] = { trackingCode, ok: true, ...(await act(trackingCode)) };
    } catch (error) {
      if (error instanceof AppError) {
        results[index] = { trackingCode, ok: false, message: error.message };
      } else {
        log.error({ err: error, trackingCode, action: body.action }, 'a bulk action failed for one package');
        results[index] = { trackingCode, ok: false, message: BULK_ITEM_FAILED };
      }
    }
  }

  let next = 0;
  const worker = async () => {
    while (next < firstPlaces.length) await handle(firstPlaces[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, firstPlaces.length)) }, worker));
  return results;
}
