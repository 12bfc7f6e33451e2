import { ApiError } from '../../../lib/api-client.ts';

/**
 * The error a save toast shows: the server's own message when it sent one, else the stored message of
 * SPEC §8 ("Failed to create plan", …). Transport failures (status 0) keep their network or timeout text.
 */
export function explainFailure(error: unknown, storedMessage: string): Error {
  if (!(error instanceof ApiError)) return error instanceof Error ? error : new Error(storedMessage);
  // The API client words an answer without a JSON {message} this way (lib/api-client.ts).
  const unexplained = error.status > 0 && error.message === `Request failed with status code ${error.status}`;
  return unexplained ? new ApiError(error.status, storedMessage, error.errors) : error;
}
