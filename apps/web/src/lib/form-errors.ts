import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/**
 * Puts the server's per-field refusals (a weak password, a wrong current password, a taken e-mail)
 * under the fields they are about; true when at least one field took a message, so the caller shows
 * the rest (an expired link, a lost connection) above the form instead.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let shown = false;
  for (const field of fields) {
    const message = error.errors[field];
    if (message) {
      setError(field, { type: 'server', message }, { shouldFocus: !shown });
      shown = true;
    }
  }
  return shown;
}

/** What a refusal says: the server's message (or the client's words for a lost answer). */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
