import type { Browser, BrowserContext } from 'playwright-core';
import { callApi, submitPackage } from './api.ts';
import { readLinkPath } from './outbox.ts';

/** A moment's day on this machine's clock, YYYY-MM-DD: the server's day (it runs here, in the same zone). */
export function localDayOf(moment: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}

/**
 * A driver invited by the admin of `admin` (a signed-in context), who sets a password through the
 * e-mailed link and signs in, in a context of their own made by `open`. Returns the driver's id and
 * context.
 */
export async function inviteDriver(
  admin: BrowserContext,
  open: () => Promise<BrowserContext>,
  { email, name, password }: { email: string; name: string; password: string },
): Promise<{ id: string; context: BrowserContext }> {
  const invited = await callApi<{ id: string }>(admin, 'POST', '/api/admin/operators', { email, name, role: 'driver' });
  if (invited.status !== 201) throw new Error(`Inviting a driver answered ${invited.status}`);
  const link = await readLinkPath(email, '/accept-invite#token=');
  const token = decodeURIComponent(link.split('#token=')[1] ?? '');
  const context = await open();
  const accepted = await callApi(context, 'POST', '/api/auth/accept-invite', { token, password });
  if (accepted.status !== 200) throw new Error(`Accepting the invitation answered ${accepted.status}`);
  const signedIn = await callApi(context, 'POST', '/api/auth/login', { email, password });
  if (signedIn.status !== 200) throw new Error(`The driver's sign-in answered ${signedIn.status}`);
  return { id: invited.body.id, context };
}

/** `count` accepted packages, each with a receiver of its own: their codes. */
export async function acceptedPackages(admin: BrowserContext, count: number, label: string): Promise<string[]> {
  const codes: string[] = [];
  for (let index = 1; index <= count; index++) {
    const code = await submitPackage(admin, {
      name: `${label} shipper ${index}`,
      rname: `${label} receiver ${index}`,
      destination: `${index} Ring Road, Accra`,
    });
    const accepted = await callApi(admin, 'POST', '/api/admin/accept', { trackingCode: code });
    if (accepted.status !== 200) throw new Error(`Accepting ${code} answered ${accepted.status}`);
    codes.push(code);
  }
  return codes;
}

/** The driver's run of `day` (today by default) with these stops, in order: its id. */
export async function planRun(
  admin: BrowserContext,
  driverId: string,
  codes: string[],
  day = localDayOf(new Date()),
): Promise<string> {
  const created = await callApi<{ id: string }>(admin, 'POST', '/api/admin/runs', { driverId, date: day });
  if (created.status !== 201) throw new Error(`Creating the run answered ${created.status}`);
  const stops = await callApi(admin, 'PUT', `/api/admin/runs/${created.body.id}/stops`, { trackingCodes: codes });
  if (stops.status !== 200) throw new Error(`Setting the stops answered ${stops.status}`);
  return created.body.id;
}

/** A context as a phone of 390 × 844 with touch, in `mode`. */
export async function newPhoneContext(
  browser: Browser,
  baseURL: string,
  mode: 'light' | 'dark' = 'light',
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    colorScheme: mode,
    serviceWorkers: 'allow',
  });
}
