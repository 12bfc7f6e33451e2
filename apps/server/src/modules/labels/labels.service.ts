import {
  canHaveLabel,
  ESTIMATED_DELIVERY_DAYS,
  type LabelSize,
  NO_LABEL_PENDING,
  NO_LABEL_REJECTED,
  NO_LABELS_MESSAGE,
  PACKAGE_NOT_FOUND,
} from '@waybill/domain';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { findRunSheetNotes } from '../packages/run-packages.service.ts';
import { getRun } from '../runs/runs.service.ts';
import type { LabelContent } from './label-pdf.ts';
import { type RenderedPdf, renderLabelsOffThread, renderRunSheetOffThread } from './label-renderer.ts';
import * as repository from './labels.repository.ts';

export interface LabelDeps {
  db: Database;
  config: Pick<Config, 'publicUrl' | 'company'>;
}

/** How many refused codes the message names; `errors` names every one. */
const NAMED_IN_MESSAGE = 10;

function refusalOf(row: repository.LabelRow | undefined): string | undefined {
  if (!row) return 'not found';
  return canHaveLabel(row.status) ? undefined : row.status;
}

// The day accepted is not stored on its own: Accept sets the estimated delivery a fixed number of
// days later and nothing else changes it, so it is read back from there. A package that reached a
// custom status straight from Rejected has none and prints a dash.
function acceptedOn(row: repository.LabelRow): string {
  if (!row.estimatedDelivery) return '—';
  const accepted = new Date(row.estimatedDelivery.getTime() - ESTIMATED_DELIVERY_DAYS * 86_400_000);
  return accepted.toISOString().slice(0, 10);
}

function contentOf(row: repository.LabelRow, deps: LabelDeps): LabelContent {
  return {
    trackingCode: row.trackingCode,
    trackingUrl: `${deps.config.publicUrl}/track/${row.trackingCode}`,
    companyName: deps.config.company.name,
    sender: { name: row.name, phone: row.phone, address: row.pickupLocation },
    receiver: { name: row.receiverName, phone: row.receiverPhone, address: row.destination },
    quantity: String(row.quantity),
    weight: `${row.weight} kg`,
    dimensions: `${row.length} × ${row.width} × ${row.height} ${row.dimensionUnit}`,
    acceptedOn: acceptedOn(row),
  };
}

/** One package's label: 404 for an unknown code, 409 for a Pending or Rejected package. */
export async function packageLabel(deps: LabelDeps, trackingCode: string, size: LabelSize): Promise<RenderedPdf> {
  const [row] = await repository.findLabelRows(deps.db, [trackingCode]);
  if (!row) throw notFound(PACKAGE_NOT_FOUND);
  if (!canHaveLabel(row.status)) throw conflict(row.status === 'Pending' ? NO_LABEL_PENDING : NO_LABEL_REJECTED);
  return renderLabelsOffThread([contentOf(row, deps)], size, `Label ${row.trackingCode}`);
}

/**
 * The labels of many packages in the order asked (a code named twice prints twice). If any code is
 * unknown or its package cannot have a label, nothing is printed: a 400 names each such code, so the
 * operator fixes the list rather than finds a label missing from a stack of paper.
 */
export async function packageLabels(deps: LabelDeps, trackingCodes: string[], size: LabelSize): Promise<RenderedPdf> {
  const rows = await repository.findLabelRows(deps.db, [...new Set(trackingCodes)]);
  const byCode = new Map(rows.map((row) => [row.trackingCode, row]));
  const errors: Record<string, string> = {};
  const refused: string[] = [];
  trackingCodes.forEach((code, index) => {
    const refusal = refusalOf(byCode.get(code));
    if (refusal === undefined) return;
    errors[`trackingCodes.${index}`] =
      refusal === 'not found' ? PACKAGE_NOT_FOUND : refusal === 'Pending' ? NO_LABEL_PENDING : NO_LABEL_REJECTED;
    refused.push(`${code} (${refusal})`);
  });
  if (refused.length > 0) {
    const named = refused.slice(0, NAMED_IN_MESSAGE).join(', ');
    const more = refused.length > NAMED_IN_MESSAGE ? ` and ${refused.length - NAMED_IN_MESSAGE} more` : '';
    throw new AppError(400, `${NO_LABELS_MESSAGE} ${named}${more}`, errors);
  }
  const labels = trackingCodes.map((code) => contentOf(byCode.get(code)!, deps));
  return renderLabelsOffThread(labels, size, `Labels (${labels.length})`);
}

/**
 * The labels of those of `trackingCodes` that can have one, in the order given: a Pending, Rejected or
 * deleted package is left out (a batch of a business account's shipments, some not yet accepted).
 * Undefined when none can.
 */
export async function readyPackageLabels(
  deps: LabelDeps,
  trackingCodes: string[],
  size: LabelSize,
  title: string,
): Promise<RenderedPdf | undefined> {
  const rows = await repository.findLabelRows(deps.db, [...new Set(trackingCodes)]);
  const byCode = new Map(rows.map((row) => [row.trackingCode, row]));
  const labels = trackingCodes
    .map((code) => byCode.get(code))
    .filter((row): row is repository.LabelRow => row !== undefined && refusalOf(row) === undefined)
    .map((row) => contentOf(row, deps));
  if (labels.length === 0) return undefined;
  return renderLabelsOffThread(labels, size, `${title} (${labels.length})`);
}

/**
 * What the driver should know at the door: the safe place and the instructions the recipient or the
 * sender set on the tracking page; for a stop without them, what the package holds, said as such.
 */
export const RUN_SHEET_NOTES_CAPTION = 'AT THE DOOR';

/** A stop's notes on the sheet: its choices, or its description under "No instructions". */
export function runSheetNotes(
  stop: { instructions?: string; safePlaceWords?: string | null },
  description: string,
): string {
  const instructions = stop.instructions
    ?.split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ');
  const choices = [stop.safePlaceWords, instructions].filter((text): text is string => Boolean(text));
  return choices.length > 0 ? choices.join('. ') : `No instructions. Contents: ${description}`;
}

/** A run's sheet for its driver: the stops in order with their receivers and barcodes. 404 for an unknown run. */
export async function runSheet(deps: LabelDeps, runId: string): Promise<{ pdf: RenderedPdf; filename: string }> {
  const run = await getRun(deps.db, runId);
  const notes = await findRunSheetNotes(
    deps.db,
    run.stops.map((stop) => stop.trackingCode),
  );
  const pdf = await renderRunSheetOffThread(
    {
      companyName: deps.config.company.name,
      driverName: run.driverName,
      date: run.date,
      notesCaption: RUN_SHEET_NOTES_CAPTION,
      stops: run.stops.map((stop) => ({
        position: stop.position,
        trackingCode: stop.trackingCode,
        receiverName: stop.receiverName,
        receiverPhone: stop.receiverPhone,
        destination: stop.destination,
        notes: runSheetNotes(stop, notes.get(stop.trackingCode) ?? ''),
      })),
    },
    `Run sheet: ${run.driverName}, ${run.date}`,
  );
  const driver =
    run.driverName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'driver';
  return { pdf, filename: `run-sheet-${run.date}-${driver}.pdf` };
}
