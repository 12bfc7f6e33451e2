import { z } from 'zod';
import { operatorRoleSchema } from './auth.ts';
import { requiredEmail, requiredText } from './fields.ts';

export const PASSWORD_MIN = 12;
/** Longer passphrases are welcome; beyond this the strength estimate (and scrypt) would only cost time. */
export const PASSWORD_MAX = 256;
export const PASSWORD_TOO_SHORT = `The password must be at least ${PASSWORD_MIN} characters.`;
export const PASSWORD_TOO_LONG = `The password must be at most ${PASSWORD_MAX} characters.`;

/** A password an operator chooses: the length rule here, its strength is checked by the server. */
export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .max(PASSWORD_MAX, { error: PASSWORD_TOO_LONG, abort: true })
  .min(PASSWORD_MIN, { error: PASSWORD_TOO_SHORT });

export const OPERATOR_NAME_MAX = 100;
export const operatorNameSchema = requiredText('Name is required', OPERATOR_NAME_MAX);

/** Where an operator stands: invited (no password yet), active, or deactivated by an admin. */
export const operatorStateSchema = z.enum(['invited', 'active', 'deactivated']);
export type OperatorState = z.infer<typeof operatorStateSchema>;

/** One member of the team (GET /api/admin/operators and the answers of its changes). */
export const teamMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: operatorRoleSchema,
  active: z.boolean(),
  state: operatorStateSchema,
  /** True until the invited operator has set a password through their link. */
  invitationPending: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** POST /api/admin/operators: invites someone by e-mail. */
export const inviteOperatorSchema = z.object({
  email: requiredEmail('Email is required'),
  name: operatorNameSchema,
  role: operatorRoleSchema,
});
export type InviteOperatorInput = z.infer<typeof inviteOperatorSchema>;

/** PATCH /api/admin/operators/{id}: a new role, deactivation or reactivation. */
export const updateOperatorSchema = z
  .object({
    role: operatorRoleSchema.optional(),
    active: z.boolean({ error: 'Active must be true or false' }).optional(),
  })
  .refine((body) => body.role !== undefined || body.active !== undefined, { error: 'Nothing to change' });
export type UpdateOperatorInput = z.infer<typeof updateOperatorSchema>;

/** The one-time token of an invitation or reset link: 32 random bytes, base64url (43 characters). */
export const linkTokenSchema = z
  .string({ error: 'The link is incomplete' })
  .min(1, { error: 'The link is incomplete' })
  .max(128, { error: 'The link is incomplete', abort: true });

/** POST /api/auth/accept-invite: the page of an invitation or reset link. Without a name, the one the admin gave stays. */
export const acceptInviteSchema = z.object({
  token: linkTokenSchema,
  name: operatorNameSchema.optional(),
  password: newPasswordSchema,
});
export type AcceptInviteInput = z.infer<typeof acceptInviteSchema>;

/** POST /api/auth/change-password. */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, { error: 'Current password is required' })
    .max(1024),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** A change whose answer is only a sentence (a link sent, a password set). */
export const teamMessageSchema = z.object({ message: z.string() });
