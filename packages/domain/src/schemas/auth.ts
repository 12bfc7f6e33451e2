import { z } from 'zod';
import { requiredText } from './fields.ts';

export const loginSchema = z.object({
  email: requiredText('Email is required', 254),
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(1024),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The signed-in operator (POST /api/auth/login, GET /api/auth/me). */
export const operatorSchema = z.object({ email: z.string() });
export type OperatorSession = z.infer<typeof operatorSchema>;

/** POST /api/auth/logout. */
export const signedOutSchema = z.object({ message: z.string() });
