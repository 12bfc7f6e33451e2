import { type RatingInput, ratingSchema, ratingStatusSchema } from '@waybill/domain';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';

const ratingPath = (code: string) => `/api/track/${encodeURIComponent(code)}/rating`;

/** GET /api/track/{code}/rating: whether this checked visitor may rate, or null while they are not checked. */
export async function readRatingStatus(code: string) {
  try {
    return await apiFetch(ratingPath(code), { schema: ratingStatusSchema });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

/** POST /api/track/{code}/rating, from a checked session or with the delivery e-mail's token. */
export function sendRating(code: string, input: RatingInput) {
  return apiFetch(ratingPath(code), { method: 'POST', json: input, schema: ratingSchema });
}

/** The token of the delivery e-mail's rating link: in the address's fragment, which never reaches a server. */
export function readRatingToken(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  const token = new URLSearchParams(window.location.hash.slice(1)).get('rate');
  return token || undefined;
}

/** Takes the used token out of the address, so a reload or a shared link does not offer it again. */
export function forgetRatingToken(): void {
  const url = new URL(window.location.href);
  url.hash = '';
  window.history.replaceState(window.history.state, '', url.pathname + url.search);
}
