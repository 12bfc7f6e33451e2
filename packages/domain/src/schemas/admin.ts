import { z } from 'zod';
import { STATUS_MAX_LENGTH } from '../statuses.ts';
import { TRACKING_CODE_MAX_INPUT } from '../tracking-code.ts';
import { isoTimestamp, requiredText } from './fields.ts';

export const TRACKING_CODE_REQUIRED = 'Please enter a tracking code';

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

export const loginSchema = z.object({
  email: requiredText('Email is required', 254),
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(1024),
});
export type LoginInput = z.infer<typeof loginSchema>;
