import type { z } from 'zod';

/**
 * The first message of each field, as the server's error handler and the form resolver report them
 * (the first issue of a field wins). Empty when the input is valid.
 */
export function fieldMessages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path.join('.');
    messages[field] ??= issue.message;
  }
  return messages;
}
