import { z } from 'zod';
import { trackingCodeSchema } from './admin.ts';

/** `4x6`: one thermal label (101.6 × 152.4 mm) a page; `a4`: four labels a sheet, two by two. */
export const LABEL_SIZES = ['4x6', 'a4'] as const;
export type LabelSize = (typeof LABEL_SIZES)[number];
export const LABEL_SIZE_MESSAGE = 'Size must be 4x6 or a4';

/** The most labels one PDF holds: 500 is 125 A4 sheets, a morning's batch; more should be split. */
export const MAX_LABELS = 500;
export const LABEL_CODES_MESSAGE = `Name from 1 to ${MAX_LABELS} tracking codes`;

const labelSize = z.enum(LABEL_SIZES, { error: LABEL_SIZE_MESSAGE }).default('4x6');

/** GET /api/admin/packages/{trackingCode}/label */
export const labelQuerySchema = z.object({ size: labelSize });

/** POST /api/admin/labels: one PDF with a label for each code, in the order given. */
export const labelsRequestSchema = z.object({
  trackingCodes: z
    .array(trackingCodeSchema, { error: LABEL_CODES_MESSAGE })
    .min(1, { error: LABEL_CODES_MESSAGE })
    .max(MAX_LABELS, { error: LABEL_CODES_MESSAGE }),
  size: labelSize,
});
export type LabelsRequest = z.input<typeof labelsRequestSchema>;
