import {
  type AccountImport,
  checkImportRow,
  IMPORT_NO_LABELS,
  IMPORT_NOT_FOUND,
  IMPORT_PROBLEMS_LISTED,
  type ImportProblem,
  type ImportRefusal,
  importRowsRefused,
  type LabelSize,
  type V1ShipmentInput,
} from '@waybill/domain';
import { isUuid } from '../../db/ids.ts';
import { conflict, notFound } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import type { RenderedPdf } from '../labels/label-renderer.ts';
import { readyPackageLabels } from '../labels/labels.service.ts';
import { createPackages } from '../packages/create-packages.ts';
import type { AccountPrincipal } from './account-auth.service.ts';
import * as repository from './account-imports.repository.ts';
import { fromV1Input, type ShipmentDeps } from './account-shipments.service.ts';
import { senderOf } from './accounts.service.ts';
import { readImportFile } from './import-file.ts';

/**
 * A spreadsheet of shipments, read and checked row by row with /api/v1's schema before anything is
 * stored: every refused cell is answered with its line, column and message and nothing is kept; a
 * good file is stored whole, as Pending shipments of the account, in one transaction.
 */
export async function importShipments(
  deps: ShipmentDeps,
  actor: AuditActor,
  member: AccountPrincipal,
  bytes: Buffer,
): Promise<{ imported: AccountImport } | { refused: ImportRefusal }> {
  const { rows, problems } = readImportFile(bytes);
  const shipments: { line: number; shipment: V1ShipmentInput }[] = [];
  for (const row of rows) {
    const checked = checkImportRow(row.cells);
    if (checked.ok) shipments.push({ line: row.line, shipment: checked.shipment });
    else problems.push(...checked.problems.map((problem): ImportProblem => ({ line: row.line, ...problem })));
  }
  if (problems.length > 0) {
    problems.sort((a, b) => a.line - b.line);
    const badRows = new Set(problems.map((problem) => problem.line)).size;
    return {
      refused: {
        message: importRowsRefused(badRows, problems.length),
        rows: problems.slice(0, IMPORT_PROBLEMS_LISTED),
      },
    };
  }

  const { accountId } = member;
  const sender = await senderOf(deps.db, accountId);
  const inputs = shipments.map(({ shipment }) => {
    const input = fromV1Input(shipment);
    return {
      ...input,
      name: sender.name,
      email: sender.email,
      phone: sender.phone,
      pickupLocation: input.pickupLocation ?? sender.address,
      accountId,
    };
  });
  let imported: repository.AccountImportRow | undefined;
  const stored = await createPackages(deps.db, actor, inputs, async (tx, packages) => {
    imported = await repository.insertImport(tx, {
      accountId,
      memberId: member.memberId,
      trackingCodes: packages.map((pkg) => pkg.trackingCode),
    });
    await recordAudit(tx, {
      actor,
      action: 'account.shipments_imported',
      target: { type: 'account', id: accountId },
      after: { import: imported.id, shipments: packages.length, member: member.memberId },
    });
  });
  return {
    imported: {
      id: imported!.id,
      createdAt: imported!.createdAt.toISOString(),
      shipments: stored.map((pkg, index) => ({
        line: shipments[index]!.line,
        trackingCode: pkg.trackingCode,
        status: pkg.status,
        receiverName: pkg.receiverName,
        destination: pkg.destination,
      })),
    },
  };
}

/**
 * One PDF with the labels of an import's shipments that the courier has accepted, in the file's
 * order; the others (Pending, Rejected, cancelled) are left out. 404 for another account's import,
 * 409 while none can have a label.
 */
export async function importLabels(
  deps: ShipmentDeps,
  accountId: string,
  importId: string,
  size: LabelSize,
): Promise<RenderedPdf> {
  const found = isUuid(importId) ? await repository.findImport(deps.db, accountId, importId) : undefined;
  if (!found) throw notFound(IMPORT_NOT_FOUND);
  const own = await repository.findOwnCodes(deps.db, accountId, found.trackingCodes);
  const codes = found.trackingCodes.filter((code) => own.has(code));
  const pdf = await readyPackageLabels(deps, codes, size, 'Labels of an import');
  if (!pdf) throw conflict(IMPORT_NO_LABELS);
  return pdf;
}
