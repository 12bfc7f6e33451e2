import { IMPORT_COLUMNS, IMPORT_EXAMPLE_ROW, type ImportColumn } from '@waybill/domain';
import type { TestClient, TestResponse } from './http-client.ts';

export type ImportCells = Partial<Record<ImportColumn | string, string>>;

/** A good row of an import (the template's example), with `overrides`; `n` makes the receiver's name its own. */
export function importRow(n: number, overrides: ImportCells = {}): ImportCells {
  return { ...IMPORT_EXAMPLE_ROW, 'receiver.name': `Receiver ${n}`, ...overrides };
}

/** RFC 4180 text of `rows` under `columns` (the import's own by default), CRLF line ends. */
export function importCsv(rows: ImportCells[], columns: readonly string[] = IMPORT_COLUMNS, delimiter = ','): string {
  const quoted = (cell: string) =>
    /["\r\n]/.test(cell) || cell.includes(delimiter) ? `"${cell.replaceAll('"', '""')}"` : cell;
  const lines = [columns, ...rows.map((row) => columns.map((column) => row[column] ?? ''))];
  return `${lines.map((cells) => cells.map(quoted).join(delimiter)).join('\r\n')}\r\n`;
}

/** POSTs a file to /api/account/imports: as the body (text/csv), or as a form's `file` part. */
export function postImport(
  client: TestClient,
  file: string | Buffer,
  options: { as?: 'csv' | 'form'; idempotencyKey?: string } = {},
): Promise<TestResponse> {
  const headers = options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : undefined;
  if (options.as === 'form') {
    const form = new FormData();
    form.append('file', new Blob([file], { type: 'text/csv' }), 'shipments.csv');
    return client.request('POST', '/api/account/imports', { form, headers });
  }
  return client.request('POST', '/api/account/imports', { raw: { body: file, contentType: 'text/csv' }, headers });
}
