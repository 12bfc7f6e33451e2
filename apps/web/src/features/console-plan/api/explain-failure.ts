import { ApiError } from '../../../lib/api-client.ts';

/**
 * The error a save toast shows: the server's own message when it sent one, else the stored message of
 * SPEC §8 ("Failed to create plan", …). Transport failures (status 0) keep their network or timeout text.
 */
export function explainFailure(error: unknown, storedMessage: string): Error {
  if (!(error instanceof ApiError)) return error instanceof Error ? error : new Error(storedMessage);
  const unexplained = error.status > 0 && error.serverMessage === undefined;
  return unexplained ? new ApiError(error.status, storedMessage, error.errors) : error;
}
