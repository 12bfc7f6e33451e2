import { BENCH_ADMIN } from './server-process.ts';

/** Cookies of a signed-in operator, ready for a Cookie header (plus the XSRF header value). */
export interface Session {
  cookie: string;
  xsrf: string;
}

function readCookies(response: Response): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const at = pair!.indexOf('=');
    cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
  }
  return cookies;
}

/** An anonymous visitor's XSRF cookie: what any write needs. */
export async function fetchXsrf(baseUrl: string): Promise<Session> {
  const response = await fetch(`${baseUrl}/api/health`);
  const xsrf = readCookies(response).get('XSRF-TOKEN');
  if (!xsrf) throw new Error('the server set no XSRF-TOKEN cookie');
  return { cookie: `XSRF-TOKEN=${xsrf}`, xsrf };
}

/** Signs in as the benchmark operator (created at start from ADMIN_EMAIL / ADMIN_PASSWORD), or as another member. */
export async function signIn(
  baseUrl: string,
  credentials: { email: string; password: string } = BENCH_ADMIN,
): Promise<Session> {
  const visitor = await fetchXsrf(baseUrl);
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: visitor.cookie, 'x-xsrf-token': visitor.xsrf },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  // Sign-in hands out a new anti-forgery token, bound to the session: the visitor's is refused after it.
  const cookies = readCookies(response);
  const xsrf = cookies.get('XSRF-TOKEN');
  if (!xsrf) throw new Error('sign-in set no XSRF-TOKEN cookie');
  return { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '), xsrf };
}
