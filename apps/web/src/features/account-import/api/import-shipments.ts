import {
  type AccountImport,
  accountImportSchema,
  type ImportProblem,
  importRefusalSchema,
  type LabelSize,
} from '@waybill/domain';
import { ApiError, apiBlob, apiFetch } from '../../../lib/api-client.ts';
import { useWriteMutation } from '../../../lib/use-write-mutation.ts';

/** GET: the spreadsheet template (the header row and one example row). */
export const IMPORT_TEMPLATE_URL = '/api/account/imports/template.csv';

/** Checking and storing 500 rows takes seconds on a busy server. */
const IMPORT_TIMEOUT_MS = 120_000;

/** POST /api/account/imports: the file as a form; every row stored as a Pending shipment, or none. */
export function importShipments(file: File, idempotencyKey?: string): Promise<AccountImport> {
  const body = new FormData();
  body.append('file', file);
  return apiFetch('/api/account/imports', {
    method: 'POST',
    body,
    schema: accountImportSchema,
    idempotencyKey,
    timeoutMs: IMPORT_TIMEOUT_MS,
  });
}

/** The refused rows of an import's 400 (line, column, message); undefined for any other failure. */
export function refusedRowsOf(error: unknown): ImportProblem[] | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const parsed = importRefusalSchema.safeParse(error.body);
  return parsed.success ? parsed.data.rows : undefined;
}

export function useImportShipments() {
  return useWriteMutation({ mutationFn: importShipments, retryLostAnswers: true });
}

/** GET /api/account/imports/{id}/labels: the labels of the import's accepted shipments, one PDF. */
export function importLabels(input: { id: string; size: LabelSize }): Promise<Blob> {
  const query = new URLSearchParams({ size: input.size }).toString();
  return apiBlob(`/api/account/imports/${encodeURIComponent(input.id)}/labels?${query}`, {
    type: 'application/pdf',
    timeoutMs: IMPORT_TIMEOUT_MS,
  });
}
