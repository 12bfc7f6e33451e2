import {
  changePasswordSchema,
  newPasswordSchema,
  OPERATOR_NAME_MAX,
  PASSWORD_MIN,
  tooLongMessage,
} from '@waybill/domain';
import { z } from 'zod';

export const PASSWORDS_DIFFER = 'The two passwords are not the same.';
export const PASSWORD_HINT = `At least ${PASSWORD_MIN} characters. A few unrelated words make a strong, memorable password.`;

/** The pages of a one-time link (an operator's invitation, a business account's link): a name (blank keeps the one the admin entered), the password twice. */
export const acceptInviteFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .max(OPERATOR_NAME_MAX, { error: tooLongMessage(OPERATOR_NAME_MAX) }),
    password: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    error: PASSWORDS_DIFFER,
  });
export type AcceptInviteFormValues = z.input<typeof acceptInviteFormSchema>;

/** The change-password form: the current password, the new one twice. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    error: PASSWORDS_DIFFER,
  });
export type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;
