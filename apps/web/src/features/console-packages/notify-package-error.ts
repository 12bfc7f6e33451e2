import { ApiError } from '../../lib/api-client.ts';
import { notifyError } from '../../lib/notify.ts';

/**
 * The SPEC §8 error toast of a console action, with the server's message. A 401 shows none: the
 * console frame is already taking the operator to sign-in with the expiry message.
 */
export function notifyPackageError(title: string, error: unknown): void {
  if (error instanceof ApiError && error.status === 401) return;
  notifyError({ title, message: error instanceof Error ? error.message : String(error) });
}
