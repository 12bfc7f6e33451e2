import { generateTrackingCode, type PackageDetails, PENDING_STATUS } from '@waybill/domain';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../errors.ts';
import { type AuditActor, pickFields, recordAudits } from '../audit/audit.service.ts';
import { recordPackageEvents } from '../events/events.service.ts';
import { eventTarget, packageTarget } from './change-records.ts';
import * as repository from './packages.repository.ts';
import { AUDITED_PACKAGE_FIELDS, TRACKING_CODE_ATTEMPTS } from './packages.service.ts';

/**
 * Stores many new Pending packages (a business account's spreadsheet) in one transaction: all of them
 * or none, each under a fresh tracking code with its `package.submitted` event and audit entry, in the
 * order given. `alsoStore` adds what else belongs to the same transaction (the import's own record).
 */
export async function createPackages(
  db: Database,
  actor: AuditActor,
  inputs: (PackageDetails & { accountId?: string })[],
  alsoStore?: (tx: Database, rows: repository.PackageRow[]) => Promise<void>,
): Promise<repository.PackageRow[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const codes = inputs.map(() => generateTrackingCode());
        const inserted = await repository.insertPackages(
          tx,
          inputs.map((input, index) => ({ ...input, trackingCode: codes[index]!, status: PENDING_STATUS })),
        );
        const byCode = new Map(inserted.map((row) => [row.trackingCode, row]));
        const rows = codes.map((code) => byCode.get(code)!);
        await recordPackageEvents(
          tx,
          rows.map((pkg) => ({ type: 'package.submitted' as const, ...eventTarget(pkg), actor, payload: {} })),
        );
        await recordAudits(
          tx,
          rows.map((pkg) => ({
            actor,
            action: 'package.submitted' as const,
            target: packageTarget(pkg.trackingCode),
            after: { ...pickFields(pkg, AUDITED_PACKAGE_FIELDS), images: 0 },
          })),
        );
        await alsoStore?.(tx, rows);
        return rows;
      });
    } catch (error) {
      if (attempt < TRACKING_CODE_ATTEMPTS && isUniqueViolation(error, 'packages_tracking_code_key')) continue;
      throw error;
    }
  }
}
