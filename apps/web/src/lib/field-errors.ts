import type { z } from 'zod';

/** A form's messages by field, from the schema's refusal: each field's first, keyed by its dotted path ("safePlace.neighbourName"). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}
