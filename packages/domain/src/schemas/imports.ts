import { z } from 'zod';
import { LABEL_SIZE_MESSAGE, LABEL_SIZES } from './labels.ts';
import { type V1ShipmentInput, v1ShipmentInputSchema } from './v1.ts';

// A spreadsheet of shipments for a business account (POST /api/account/imports): one row a shipment,
// its columns named as /api/v1 names the fields (`receiver.name`, `dimensions.unit`), each row checked
// with /api/v1's own schema, so a row is taken exactly when the API would take it as a request.

/** The most shipments one file may hold: a morning's batch, and one label PDF. */
export const IMPORT_MAX_ROWS = 500;
/** The most bytes a file may have: 500 rows with every field at its longest fit. */
export const IMPORT_MAX_BYTES = 4 * 1024 * 1024;
/** How many refused cells an answer lists; the message counts them all. */
export const IMPORT_PROBLEMS_LISTED = 200;

/** The columns of the file, in the template's order: /api/v1's field paths. */
export const IMPORT_COLUMNS = [
  'receiver.name',
  'receiver.email',
  'receiver.phone',
  'receiver.address',
  'pickupAddress',
  'description',
  'quantity',
  'weightKg',
  'dimensions.unit',
  'dimensions.length',
  'dimensions.width',
  'dimensions.height',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** A column that may be left out (or left blank): the account's address is the pickup address. */
export const OPTIONAL_IMPORT_COLUMNS: readonly ImportColumn[] = ['pickupAddress'];

/** The template's example row, in the columns' order: a row the import takes as it is. */
export const IMPORT_EXAMPLE_ROW: Record<ImportColumn, string> = {
  'receiver.name': 'Kemi Adeyemi',
  'receiver.email': 'kemi@example.com',
  'receiver.phone': '+234 802 000 0000',
  'receiver.address': '5 Allen Avenue, Ikeja, Lagos',
  pickupAddress: '',
  description: 'Two boxes of books',
  quantity: '2',
  weightKg: '3.5',
  'dimensions.unit': 'cm',
  'dimensions.length': '30',
  'dimensions.width': '20',
  'dimensions.height': '10',
};

export const importTooManyRows = (rows: number) =>
  `The file has ${rows} rows of shipments; at most ${IMPORT_MAX_ROWS} can be imported at once. Split it into smaller files.`;
export const IMPORT_NO_ROWS = 'The file has no rows of shipments under its header row.';
export const IMPORT_TOO_LARGE = `The file is larger than ${IMPORT_MAX_BYTES / (1024 * 1024)} MB.`;
export const IMPORT_NO_FILE = 'Choose a CSV file to import.';
export const importUnknownColumns = (columns: string[]) =>
  `Unknown ${columns.length === 1 ? 'column' : 'columns'} ${columns.map((column) => `"${column}"`).join(', ')}: the columns are ${IMPORT_COLUMNS.join(', ')} (see the template).`;
export const importMissingColumns = (columns: string[]) =>
  `Missing ${columns.length === 1 ? 'column' : 'columns'} ${columns.map((column) => `"${column}"`).join(', ')} (see the template).`;
export const importRepeatedColumn = (column: string) => `The column "${column}" appears twice in the header row.`;
export const importNotUtf8 = (encoding: string) =>
  `The file is not UTF-8 text: it looks like ${encoding}. Save it as "CSV UTF-8" and try again.`;
export const importRowsRefused = (rows: number, problems: number) =>
  `${rows} ${rows === 1 ? 'row was' : 'rows were'} refused (${problems} ${problems === 1 ? 'problem' : 'problems'}); nothing was imported. Correct the file and import it again.`;
export const importCellCount = (cells: number, columns: number) =>
  `This row has ${cells} cells; the header row has ${columns}.`;
export const IMPORT_NO_LABELS =
  "None of this import's shipments can have a label yet: labels print once the courier has accepted a shipment.";
export const IMPORT_NOT_FOUND = 'Import not found';

/**
 * One row as /api/v1 takes a shipment, from its cells by column (blank cells are absent values, so the
 * field's own "is required" message answers; a blank pickup address is the account's).
 */
function importRowInput(cells: Partial<Record<ImportColumn, string>>): unknown {
  const cell = (column: ImportColumn) => {
    const value = cells[column];
    return value === undefined || value.trim() === '' ? undefined : value;
  };
  const pickupAddress = cell('pickupAddress');
  return {
    receiver: {
      name: cell('receiver.name'),
      email: cell('receiver.email'),
      phone: cell('receiver.phone'),
      address: cell('receiver.address'),
    },
    ...(pickupAddress === undefined ? {} : { pickupAddress }),
    description: cell('description'),
    quantity: cell('quantity'),
    weightKg: cell('weightKg'),
    dimensions: {
      unit: cell('dimensions.unit'),
      length: cell('dimensions.length'),
      width: cell('dimensions.width'),
      height: cell('dimensions.height'),
    },
  };
}

/** Checks one row with /api/v1's schema: the shipment, or each refused column with its message. */
export function checkImportRow(
  cells: Partial<Record<ImportColumn, string>>,
): { ok: true; shipment: V1ShipmentInput } | { ok: false; problems: { column: string; message: string }[] } {
  const parsed = v1ShipmentInputSchema.safeParse(importRowInput(cells));
  if (parsed.success) return { ok: true, shipment: parsed.data };
  const problems: { column: string; message: string }[] = [];
  for (const issue of parsed.error.issues) {
    const column = issue.path.map(String).join('.');
    if (!problems.some((problem) => problem.column === column)) problems.push({ column, message: issue.message });
  }
  // In the file's order of columns, as a person reads the row.
  const order = (column: string) => {
    const index = IMPORT_COLUMNS.indexOf(column as ImportColumn);
    return index < 0 ? IMPORT_COLUMNS.length : index;
  };
  return { ok: false, problems: problems.sort((a, b) => order(a.column) - order(b.column)) };
}

/** One refused cell (or row, when `column` is null): its line as a spreadsheet numbers rows, the header being 1. */
export const importProblemSchema = z
  .object({
    line: z.number().int(),
    column: z.string().nullable(),
    message: z.string(),
  })
  .meta({ id: 'ImportProblem' });
export type ImportProblem = z.infer<typeof importProblemSchema>;

/** A refused file: why, and for refused rows each problem (at most IMPORT_PROBLEMS_LISTED); nothing was stored. */
export const importRefusalSchema = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.string()).optional(),
    rows: z.array(importProblemSchema).optional(),
  })
  .meta({ id: 'ImportRefusal' });
export type ImportRefusal = z.infer<typeof importRefusalSchema>;

/** The 201 answer of POST /api/account/imports: every row stored as a Pending shipment, in the file's order. */
export const accountImportSchema = z
  .object({
    id: z.string(),
    createdAt: z.iso.datetime(),
    shipments: z.array(
      z.object({
        line: z.number().int(),
        trackingCode: z.string(),
        status: z.string(),
        receiverName: z.string(),
        destination: z.string(),
      }),
    ),
  })
  .meta({ id: 'AccountImport' });
export type AccountImport = z.infer<typeof accountImportSchema>;

/** `{id}` of /api/account/imports/{id}/labels. */
export const accountImportParamsSchema = z.object({ id: z.string().max(100) });

/** GET /api/account/imports/{id}/labels */
export const accountImportLabelsQuerySchema = z.object({
  size: z.enum(LABEL_SIZES, { error: LABEL_SIZE_MESSAGE }).default('4x6'),
});
