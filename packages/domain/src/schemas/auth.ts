import { z } from 'zod';
import { requiredText } from './fields.ts';
import { operatorRoleSchema } from './team.ts';

export const loginSchema = z.object({
  email: requiredText('Email is required', 254),
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(1024),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The signed-in operator (POST /api/auth/login, GET /api/auth/me): the console shows or hides admin pages by `role`. */
export const operatorSchema = z.object({ email: z.string(), name: z.string(), role: operatorRoleSchema });
export type OperatorSession = z.infer<typeof operatorSchema>;

/** The 401 of a console route called without a session. */
export const SIGN_IN_REQUIRED = 'Please sign in to continue.';
/** The 401 of a console route called with a session that timed out (idle or absolute). */
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

/**
 * GET /api/auth/session: whether this browser is signed in, answered 200 either way, so that a console
 * merely signed out reads an answer instead of an error. `expired`: the cookie named a session that
 * timed out (the sign-in page says so).
 */
export const sessionStateSchema = z.object({ operator: operatorSchema.nullable(), expired: z.boolean() });

/** POST /api/auth/logout. */
export const signedOutSchema = z.object({ message: z.string() });
