import type { APIRequestContext, BrowserContext } from 'playwright-core';
import { readE2eEnvironment } from './environment.ts';

/** The anti-forgery cookie of a context, fetched with a GET first when it has none yet. */
async function readXsrfToken(request: APIRequestContext, context?: BrowserContext): Promise<string> {
  await request.get('/api/health');
  const cookies = context ? await context.cookies() : (await request.storageState()).cookies;
  const token = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  if (!token) throw new Error('The server set no XSRF-TOKEN cookie');
  return decodeURIComponent(token);
}

/** Calls the API with the context's cookies (session included) and the anti-forgery header. */
export async function callApi<T>(
  context: BrowserContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  pathname: string,
  data?: unknown,
): Promise<{ status: number; body: T }> {
  const request = context.request;
  const headers: Record<string, string> =
    method === 'GET' ? {} : { 'X-XSRF-TOKEN': await readXsrfToken(request, context) };
  const response = await request.fetch(pathname, { method, headers, data });
  const text = await response.text();
  return { status: response.status(), body: (text ? JSON.parse(text) : undefined) as T };
}

/** Signs the context in as the operator of the test server (the session cookie stays in the context). */
export async function signInAsOperator(context: BrowserContext): Promise<void> {
  const { adminEmail, adminPassword } = readE2eEnvironment();
  const { status } = await callApi(context, 'POST', '/api/auth/login', { email: adminEmail, password: adminPassword });
  if (status !== 200) throw new Error(`Operator sign-in failed with ${status}`);
}

/** The text fields of POST /api/submit-package (SPEC §7), all as strings. */
export type PackageFields = Record<
  | 'name'
  | 'email'
  | 'phone'
  | 'pickupLocation'
  | 'rname'
  | 'remail'
  | 'rphone'
  | 'destination'
  | 'description'
  | 'quantity'
  | 'weight'
  | 'dimensionUnit'
  | 'length'
  | 'width'
  | 'height',
  string
>;

const SAMPLE_PACKAGE: PackageFields = {
  name: 'Ada Obi',
  email: 'ada@example.com',
  phone: '+234 801 000 0000',
  pickupLocation: '12 Marina, Lagos',
  rname: 'Kofi Mensah',
  remail: 'kofi@example.com',
  rphone: '+233 20 000 0000',
  destination: '4 Oxford Street, Accra',
  description: 'Two hardback textbooks',
  quantity: '2',
  weight: '1.5',
  dimensionUnit: 'cm',
  length: '30',
  width: '20',
  height: '10',
};

/**
 * Submits a package as a customer would (multipart, optional images) and returns its tracking code.
 * Any field can be overridden, e.g. a unique shipper name to find it again by search.
 */
export async function submitPackage(
  context: BrowserContext,
  overrides: Partial<PackageFields> = {},
  images: { name: string; type: string; bytes: Buffer }[] = [],
): Promise<string> {
  const form = new FormData();
  for (const [field, value] of Object.entries({ ...SAMPLE_PACKAGE, ...overrides })) form.append(field, value);
  for (const image of images) {
    form.append('packageImages', new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
  }
  const response = await context.request.fetch('/api/submit-package', {
    method: 'POST',
    headers: { 'X-XSRF-TOKEN': await readXsrfToken(context.request, context) },
    multipart: form,
  });
  const body = (await response.json()) as { trackingCode?: string; message?: string };
  if (response.status() !== 201 || !body.trackingCode) {
    throw new Error(`submit-package answered ${response.status()}: ${body.message ?? ''}`);
  }
  return body.trackingCode;
}
