import { z } from 'zod';
import { STATUS_MAX_LENGTH } from '../statuses.ts';
import { TRACKING_CODE_MAX_INPUT, TRACKING_CODE_REQUIRED } from '../tracking-code.ts';
import { isoTimestamp, requiredText } from './fields.ts';
import { pageQueryFields } from './paging.ts';

/** A tracking code as typed: non-blank, trimmed and upper-cased. */
export const trackingCodeSchema = requiredText(TRACKING_CODE_REQUIRED, TRACKING_CODE_MAX_INPUT).transform((code) =>
  code.toUpperCase(),
);

export const trackingCodeBodySchema = z.object({ trackingCode: trackingCodeSchema });

/** Console validation texts (SPEC §5 Admin). */
export const CUSTOM_STATUS_REQUIRED = { title: 'Custom Status Required', message: 'Enter a custom status' } as const;
export const LOCATION_REQUIRED = { title: 'Location Required', message: 'Enter a location update' } as const;

export const statusUpdateSchema = z.object({
  trackingCode: trackingCodeSchema,
  status: requiredText(CUSTOM_STATUS_REQUIRED.message, STATUS_MAX_LENGTH),
});
export type StatusUpdate = z.infer<typeof statusUpdateSchema>;

export const locationUpdateInputSchema = z.object({
  trackingCode: trackingCodeSchema,
  location: requiredText(LOCATION_REQUIRED.message, 300),
});
export type LocationUpdateInput = z.infer<typeof locationUpdateInputSchema>;

export const locationDeleteSchema = z.object({
  trackingCode: trackingCodeSchema,
  timestamp: isoTimestamp('Timestamp must be an ISO date-time'),
});
export type LocationDelete = z.infer<typeof locationDeleteSchema>;

/** A package named in the path (GET and DELETE /api/admin/packages/{trackingCode}). */
export const packageCodeParamsSchema = z.object({ trackingCode: trackingCodeSchema });

export const PACKAGE_PAGE_SIZE = 24;

/** The console list's orders: by creation time or by last change, each either way. */
export const PACKAGE_SORTS = ['created', 'updated'] as const;
export type PackageSort = (typeof PACKAGE_SORTS)[number];
export const SORT_ORDERS = ['desc', 'asc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** GET /api/admin/packages: a page, optionally narrowed by a search text and an exact status. */
export const packageListQuerySchema = z.object({
  ...pageQueryFields(PACKAGE_PAGE_SIZE),
  q: z.string().max(200).optional().describe('Tracking code, names, e-mails or phones (any part, any case)'),
  status: z.string().max(200).optional().describe('An exact status text, custom ones included'),
  sort: z
    .enum(PACKAGE_SORTS, { error: 'sort must be created or updated' })
    .optional()
    .describe('Order by creation (the default) or by last update'),
  order: z
    .enum(SORT_ORDERS, { error: 'order must be desc or asc' })
    .optional()
    .describe('Newest first (desc, the default) or oldest first (asc)'),
  attention: z
    .enum(['1', '0'], { error: 'attention must be 1 or 0' })
    .optional()
    .describe(
      '1: only the packages that need attention (Pending too long, no update too long, past the estimated delivery), each with its reasons',
    ),
});
export type PackageListQuery = z.input<typeof packageListQuerySchema>;

/** GET /api/admin/package-stats: how many packages there are, in all and per exact status text. */
export const packageStatsSchema = z.object({ total: z.number(), byStatus: z.record(z.string(), z.number()) });
export type PackageStats = z.infer<typeof packageStatsSchema>;

/** DELETE /api/admin/packages/{trackingCode}: "Package {code} was permanently removed". */
export const deletedPackageSchema = z.object({ message: z.string(), trackingCode: z.string() });
export type DeletedPackage = z.infer<typeof deletedPackageSchema>;
