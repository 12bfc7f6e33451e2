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
