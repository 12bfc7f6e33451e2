import { z } from 'zod';
import { TRACKING_CODE_MAX_INPUT, TRACKING_CODE_REQUIRED } from '../tracking-code.ts';
import {
  CUSTOM_STATUS_REQUIRED,
  LOCATION_REQUIRED,
  locationUpdateInputSchema,
  packageListQuerySchema,
  statusUpdateSchema,
  trackingCodeSchema,
} from './admin.ts';

/** What the console can do to many packages at once; each is the single action of the same name. */
export const BULK_ACTIONS = ['accept', 'reject', 'status', 'location', 'delete'] as const;
export type BulkActionName = (typeof BULK_ACTIONS)[number];

/** The most packages one bulk request acts on: about a day's parcels, and one answer well under 5 s. */
export const BULK_MAX_CODES = 500;
export const BULK_ACTION_REQUIRED = 'Choose an action: accept, reject, status, location or delete';
export const BULK_CODES_REQUIRED = 'Choose at least one package';
export const BULK_TOO_MANY_CODES = `Choose at most ${BULK_MAX_CODES} packages at a time`;
/** The result of a code listed again after its first place in the same request. */
export const BULK_REPEATED_CODE = 'Listed more than once: handled once, at its first place in the list';

/**
 * POST /api/admin/bulk. The list is counted before any code in it is read (an over-long list costs no
 * more than its length), then each code is read as the single routes read it (trimmed, upper-cased).
 * `status` is required for "status" and `location` for "location", with the single routes' messages.
 */
export const bulkActionRequestSchema = z
  .object({
    action: z.enum(BULK_ACTIONS, { error: BULK_ACTION_REQUIRED }),
    trackingCodes: z
      .array(z.unknown(), { error: BULK_CODES_REQUIRED })
      .min(1, { error: BULK_CODES_REQUIRED })
      .max(BULK_MAX_CODES, { error: BULK_TOO_MANY_CODES })
      // What the description shows of each item: the list is counted as unknown values first.
      .meta({ items: { type: 'string', maxLength: TRACKING_CODE_MAX_INPUT } })
      .pipe(z.array(z.string({ error: TRACKING_CODE_REQUIRED }).max(TRACKING_CODE_MAX_INPUT).pipe(trackingCodeSchema)))
      .describe(`1 to ${BULK_MAX_CODES} tracking codes; results come back in this order`),
    status: statusUpdateSchema.shape.status.optional().describe('Required for "status": a listed or custom status'),
    location: locationUpdateInputSchema.shape.location.optional().describe('Required for "location"'),
  })
  .superRefine((body, context) => {
    if (body.action === 'status' && body.status === undefined) {
      context.addIssue({ code: 'custom', path: ['status'], message: CUSTOM_STATUS_REQUIRED.message });
    }
    if (body.action === 'location' && body.location === undefined) {
      context.addIssue({ code: 'custom', path: ['location'], message: LOCATION_REQUIRED.message });
    }
  });
export type BulkActionRequest = z.input<typeof bulkActionRequestSchema>;

/**
 * What happened to one listed code. `ok`: the action was done, and `status` is the package's status
 * after it (absent after a delete). Otherwise `message` is exactly what the single action answers
 * (unknown code, not Pending, …), or `BULK_REPEATED_CODE` for a code listed again, which is not acted
 * on twice.
 */
export const bulkResultSchema = z
  .object({
    trackingCode: z.string(),
    ok: z.boolean(),
    status: z.string().optional(),
    message: z.string().optional(),
  })
  .meta({ id: 'BulkResult' });
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** The 200 answer of POST /api/admin/bulk: one result per listed code, in the order listed. */
export const bulkActionAnswerSchema = z.object({ results: z.array(bulkResultSchema) });
/** @internal Read by the API tests; the web reads the results through the schema. */
export type BulkActionAnswer = z.infer<typeof bulkActionAnswerSchema>;

export const EXPORT_CODES_REQUIRED = 'List at least one tracking code, separated by commas';
export const EXPORT_TOO_MANY_CODES = `Export at most ${BULK_MAX_CODES} chosen packages at a time`;
export const EXPORT_CODE_TOO_LONG = `A tracking code has at most ${TRACKING_CODE_MAX_INPUT} characters`;

/** The codes of `codes=A,B,C` as the single routes read them: trimmed, upper-cased, blanks and repeats dropped. */
export function readExportCodes(codes: string): string[] {
  return [...new Set(codes.split(',').map((code) => code.trim().toUpperCase()))].filter((code) => code !== '');
}

/**
 * GET /api/admin/packages.csv: the list's search and status filter, every matching package at once;
 * with `codes`, only those packages (the ones chosen in the console), at most BULK_MAX_CODES, as a bulk
 * action takes: a query string of 500 codes stays well under the server's header limit. The text is bounded before it
 * is split, then the codes are counted and each is bounded.
 */
export const packageExportQuerySchema = packageListQuerySchema.pick({ q: true, status: true }).extend({
  codes: z
    .string()
    .max(BULK_MAX_CODES * (TRACKING_CODE_MAX_INPUT + 1), { error: EXPORT_TOO_MANY_CODES })
    .superRefine((value, context) => {
      const codes = readExportCodes(value);
      if (codes.length === 0) context.addIssue({ code: 'custom', message: EXPORT_CODES_REQUIRED });
      else if (codes.length > BULK_MAX_CODES) context.addIssue({ code: 'custom', message: EXPORT_TOO_MANY_CODES });
      else if (codes.some((code) => code.length > TRACKING_CODE_MAX_INPUT)) {
        context.addIssue({ code: 'custom', message: EXPORT_CODE_TOO_LONG });
      }
    })
    .optional()
    .describe(
      `Only these packages: 1 to ${BULK_MAX_CODES} tracking codes separated by commas (any case; unknown codes are left out). q and status still apply.`,
    ),
});
export type PackageExportQuery = z.input<typeof packageExportQuerySchema>;
