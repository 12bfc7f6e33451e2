import { z } from 'zod';

/**
 * The body of every answer outside 2xx: `message` says what went wrong in words a person reads; a
 * refused field adds `errors: { field: message }` (the SPEC §5 messages; `message` is the first).
 */
export const apiErrorSchema = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.string()).optional().describe('The message of each refused field'),
  })
  .meta({ id: 'ApiError' });
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** GET /api/health: the server answers and its database too. */
export const healthSchema = z.object({ status: z.literal('ok') });

/** GET /api/health/ready: this process can take traffic (its database and photo storage answer). */
export const readinessSchema = z.object({ status: z.literal('ready') });
