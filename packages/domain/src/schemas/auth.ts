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

/** POST /api/auth/logout. */
export const signedOutSchema = z.object({ message: z.string() });
