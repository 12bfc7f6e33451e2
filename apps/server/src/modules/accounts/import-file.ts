// Reads a business account's spreadsheet of shipments (CSV) into rows of cells by column, or refuses
// the file as a whole with a message that says what to fix: not UTF-8, not CSV, an unknown or missing
// column, no rows or too many. Each row's values are checked afterwards, by /api/v1's schema.
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_NO_ROWS,
  type ImportColumn,
  type ImportProblem,
  importCellCount,
  importMissingColumns,
  importNotUtf8,
  importRepeatedColumn,
  importTooManyRows,
  importUnknownColumns,
  OPTIONAL_IMPORT_COLUMNS,
} from '@waybill/domain';
import { CsvError, parse } from 'csv-parse/sync';
import { badRequest } from '../../errors.ts';

export interface ImportRow {
  /** The row's number as a spreadsheet shows it: the header row is 1 (a line break inside a quoted cell does not count). */
  line: number;
  cells: Partial<Record<ImportColumn, string>>;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The file's text: UTF-8, with or without a byte-order mark. UTF-16 (a BOM, or NUL bytes between the
 * letters) and the single-byte encodings a spreadsheet's plain "CSV" uses are refused by name.
 */
function decode(bytes: Buffer): string {
  const utf16Bom = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if (utf16Bom || bytes.includes(0)) throw badRequest(importNotUtf8('UTF-16 ("Unicode text")'));
  try {
    // The decoder drops a leading UTF-8 byte-order mark.
    return UTF8.decode(bytes);
  } catch {
    throw badRequest(importNotUtf8('Windows-1252 or another single-byte encoding (a plain "CSV" save)'));
  }
}

/** The delimiter of the header row: a comma, or the semicolon or tab some spreadsheets write instead. */
function delimiterOf(text: string): string {
  const end = text.indexOf('\n');
  const header = end < 0 ? text : text.slice(0, end);
  const counts = [',', ';', '\t'].map((delimiter) => ({ delimiter, count: header.split(delimiter).length - 1 }));
  const best = counts.reduce((a, b) => (b.count > a.count ? b : a));
  return best.count > 0 ? best.delimiter : ',';
}

function readRecords(text: string): string[][] {
  try {
    return parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw badRequest(`The file could not be read as CSV${line ? ` near line ${line}` : ''}: ${error.message}`);
    }
    throw error;
  }
}

const blank = (cell: string | undefined) => cell === undefined || cell.trim() === '';

/** Which column each header cell names; refuses unknown, repeated and missing columns by name. */
function columnsOf(header: string[]): (ImportColumn | undefined)[] {
  // Spreadsheets often write empty cells after the last column: those are no columns.
  let width = header.length;
  while (width > 0 && blank(header[width - 1])) width -= 1;
  const known = new Map(IMPORT_COLUMNS.map((column) => [column.toLowerCase(), column]));
  const unknown: string[] = [];
  const columns = header.slice(0, width).map((cell, index) => {
    const name = cell.trim();
    const column = known.get(name.toLowerCase());
    if (!column) unknown.push(name === '' ? `(column ${index + 1}, without a name)` : name.slice(0, 60));
    return column;
  });
  if (unknown.length > 0) throw badRequest(importUnknownColumns(unknown));
  const seen = new Set<ImportColumn>();
  for (const column of columns) {
    if (seen.has(column!)) throw badRequest(importRepeatedColumn(column!));
    seen.add(column!);
  }
  const missing = IMPORT_COLUMNS.filter((column) => !seen.has(column) && !OPTIONAL_IMPORT_COLUMNS.includes(column));
  if (missing.length > 0) throw badRequest(importMissingColumns(missing));
  return columns;
}

/**
 * The rows of the file with their cells by column (blank rows skipped), and the rows whose shape is
 * wrong (more cells than the header has columns). Throws a 400 for a file that cannot be imported at all.
 */
export function readImportFile(bytes: Buffer): { rows: ImportRow[]; problems: ImportProblem[] } {
  const records = readRecords(decode(bytes));
  const [header, ...data] = records;
  if (!header || header.every(blank)) throw badRequest(IMPORT_NO_ROWS);
  const columns = columnsOf(header);
  const rows: ImportRow[] = [];
  const problems: ImportProblem[] = [];
  data.forEach((record, index) => {
    if (record.every(blank)) return;
    const line = index + 2;
    const extra = record.slice(columns.length);
    if (extra.some((cell) => !blank(cell))) {
      problems.push({ line, column: null, message: importCellCount(record.length, columns.length) });
    }
    const cells: ImportRow['cells'] = {};
    columns.forEach((column, position) => {
      if (column) cells[column] = record[position] ?? '';
    });
    rows.push({ line, cells });
  });
  if (rows.length === 0) throw badRequest(IMPORT_NO_ROWS);
  if (rows.length > IMPORT_MAX_ROWS) throw badRequest(importTooManyRows(rows.length));
  return { rows, problems };
}
