import { z } from 'zod';
import { ACCOUNT_COUNTRIES, DEFAULT_SUPPORT_PRIORITY, SUPPORT_CATEGORIES, SUPPORT_PRIORITIES } from '../constants.ts';
import { EMAIL_PATTERN, INVALID_EMAIL, LONG_TEXT_MAX, optionalText, requiredEmail, requiredText } from './fields.ts';

export const supportRequestSchema = z.object({
  name: requiredText('Name is required'),
  email: requiredEmail('Email is required'),
  phone: optionalText(40),
  subject: requiredText('Subject is required'),
  category: z.enum(SUPPORT_CATEGORIES, { error: 'Choose a category' }).default('general'),
  priority: z.enum(SUPPORT_PRIORITIES, { error: 'Choose a priority' }).default(DEFAULT_SUPPORT_PRIORITY),
  message: requiredText('Message is required', LONG_TEXT_MAX),
});
export type SupportRequest = z.infer<typeof supportRequestSchema>;

export const ALL_FIELDS_REQUIRED = 'All fields are required.';

const allRequired = (max = 200) => requiredText(ALL_FIELDS_REQUIRED, max);

/** Account request: all eight fields non-blank after trimming (SPEC §5). */
export const accountRequestSchema = z.object({
  name: allRequired(),
  email: allRequired(254).regex(EMAIL_PATTERN, { error: INVALID_EMAIL }),
  phone: allRequired(40),
  address: allRequired(500),
  company: allRequired(),
  city: allRequired(),
  country: z.enum(ACCOUNT_COUNTRIES, { error: ALL_FIELDS_REQUIRED }),
  password: z
    .string({ error: ALL_FIELDS_REQUIRED })
    .max(1024, { error: 'Must be at most 1024 characters' })
    .refine((value) => value.trim() !== '', { error: ALL_FIELDS_REQUIRED }),
});
export type AccountRequest = z.infer<typeof accountRequestSchema>;

/**
 * Home contact form: SPEC §5 accepts any submission, so the page checks nothing; what reaches the Inbox
 * has a message (a blank one carried nothing to read), and only lengths are bounded.
 */
export const contactMessageSchema = z.object({
  name: optionalText(),
  email: optionalText(254),
  message: requiredText('Message is required', LONG_TEXT_MAX),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/**
 * Whether the home form's values could be the hidden console shortcut (SPEC §2: a name, and a numeric
 * code typed into the e-mail field). Only then does the form ask the server, which alone knows the
 * values; an ordinary message (a real e-mail address) is sent straight away.
 */
export function couldBeConsoleShortcut(name: string, code: string): boolean {
  return name.trim() !== '' && /^\d+$/.test(code.trim());
}

/** POST /api/console-shortcut: `{ name, code }`; anything else cannot match and is read as blank. */
export const consoleShortcutInputSchema = z
  .object({ name: z.string().max(200), code: z.string().max(200) })
  .catch({ name: '', code: '' });

/** The console prefix on a match, null otherwise: a mismatch is an ordinary answer, not an error. */
export const consoleShortcutAnswerSchema = z.object({ path: z.string().nullable() });
export type ConsoleShortcutAnswer = z.infer<typeof consoleShortcutAnswerSchema>;

/** The 201 answer of the three customer requests: what was received and its inbox id. */
export const receivedSchema = z.object({ message: z.string(), id: z.string() });
