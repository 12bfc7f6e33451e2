import { z } from 'zod';
import { requiredText } from './fields.ts';
import { ROLE_INVALID } from './messages.ts';

/**
 * An admin may do everything; an operator works on packages, scanning, e-mail and the inbox; a driver
 * uses only the driver app (its run of the day), never the console's routes.
 */
export const OPERATOR_ROLES = ['admin', 'operator', 'driver'] as const;
export const operatorRoleSchema = z.enum(OPERATOR_ROLES, { error: ROLE_INVALID });
export type OperatorRole = z.infer<typeof operatorRoleSchema>;
/** The roles that may use the console's routes (`/api/admin/*`): every role but `driver`. */
export const CONSOLE_ROLES = ['admin', 'operator'] as const satisfies readonly OperatorRole[];

export const loginSchema = z.object({
  email: requiredText('Email is required', 254),
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(1024),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The signed-in operator (POST /api/auth/login, GET /api/auth/me): the console shows or hides admin pages by `role`. */
export const operatorSchema = z.object({ email: z.string(), name: z.string(), role: operatorRoleSchema });
export type OperatorSession = z.infer<typeof operatorSchema>;

/**
 * GET /api/auth/session: whether this browser is signed in, answered 200 either way, so that a console
 * merely signed out reads an answer instead of an error. `expired`: the cookie named a session that
 * timed out (the sign-in page says so).
 */
export const sessionStateSchema = z.object({ operator: operatorSchema.nullable(), expired: z.boolean() });

/** POST /api/auth/logout. */
export const signedOutSchema = z.object({ message: z.string() });
