// The anti-forgery cookie and header, read alike by the pages and the driver app's service worker
// (which has no document: it passes the cookies it reads from the cookie store).

const XSRF_COOKIE = 'XSRF-TOKEN';
/** Its name when the site is served over https (a `__Host-` cookie only the site itself can set). */
const XSRF_COOKIE_HTTPS = `__Host-${XSRF_COOKIE}`;
/** The header a write carries the token in. */
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/**
 * The anti-forgery token the server set in a script-readable cookie (bound to the session: it changes
 * at sign-in and sign-out).
 */
export function readXsrfToken(
  cookie = (globalThis as { document?: { cookie: string } }).document?.cookie ?? '',
): string | undefined {
  let plain: string | undefined;
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === XSRF_COOKIE_HTTPS) return decodeURIComponent(rest.join('='));
    if (name === XSRF_COOKIE) plain = decodeURIComponent(rest.join('='));
  }
  return plain;
}
