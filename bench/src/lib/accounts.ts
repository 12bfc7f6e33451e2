// A business account for the benchmarks, made the way a shop gets one: its request, the operator's
// Approve, the e-mailed link (read from the .eml files a server without SMTP_URL writes), a sign-in.
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { checkImportRow, IMPORT_EXAMPLE_ROW } from '@waybill/domain';
import { fetchXsrf, type Session } from './session.ts';

const OWNER = { email: 'owner@accounts.bench.example', password: 'Lantern-Quietly-Orbit-47' };

function cookiesOf(response: Response, into: Map<string, string>): void {
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const at = pair!.indexOf('=');
    into.set(pair!.slice(0, at), pair!.slice(at + 1));
  }
}

/** The set-password link's token from the .eml files the server wrote (no SMTP_URL), quoted-printable read back. */
async function linkToken(dataDir: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const files = await readdir(outbox).catch(() => [] as string[]);
    for (const file of files) {
      const text = (await readFile(path.join(outbox, file), 'utf8')).replaceAll(/=\r?\n/g, '').replaceAll('=3D', '=');
      const token = /set-password#token=([\w-]{43})/.exec(text)?.[1];
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no set-password link was written to the outbox');
}

export async function post(url: string, session: Session, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-xsrf-token': session.xsrf },
    body: JSON.stringify(body),
  });
}

/** An approved account the way a shop gets one: its request, the operator's Approve, the link, a sign-in. */
export async function accountOwner(baseUrl: string, dataDir: string, operator: Session): Promise<Session> {
  const visitor = await fetchXsrf(baseUrl);
  const requested = await post(`${baseUrl}/api/account-requests`, visitor, {
    name: 'Bench Owner',
    email: OWNER.email,
    phone: '+234 802 000 0000',
    address: '1 Bench Street',
    company: 'Bench Books',
    city: 'Lagos',
    country: 'Nigeria',
    password: OWNER.password,
  });
  if (!requested.ok) throw new Error(`account request: ${requested.status} ${await requested.text()}`);
  const { id } = (await requested.json()) as { id: string };
  const approved = await post(`${baseUrl}/api/admin/inbox/${id}/approve`, operator, {});
  if (!approved.ok) throw new Error(`approve: ${approved.status} ${await approved.text()}`);
  const token = await linkToken(dataDir);
  const set = await post(`${baseUrl}/api/account/set-password`, visitor, { token, password: OWNER.password });
  if (!set.ok) throw new Error(`set password: ${set.status} ${await set.text()}`);
  const signedIn = await post(`${baseUrl}/api/account/sign-in`, visitor, OWNER);
  if (!signedIn.ok) throw new Error(`sign-in: ${signedIn.status} ${await signedIn.text()}`);
  const cookies = new Map<string, string>([['XSRF-TOKEN', visitor.xsrf]]);
  cookiesOf(signedIn, cookies);
  return {
    cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    xsrf: cookies.get('XSRF-TOKEN')!,
  };
}

/** The shipment the v1 benchmarks send: the import template's example row, as `/api/v1` takes it. */
export const V1_SHIPMENT_BODY = (() => {
  const checked = checkImportRow(IMPORT_EXAMPLE_ROW);
  if (!checked.ok) throw new Error('the template row is not a shipment');
  return JSON.stringify(checked.shipment);
})();

/** `count` API keys made by the account's owner, named "Store 1" and on. */
export async function createApiKeys(baseUrl: string, owner: Session, count: number): Promise<string[]> {
  const keys: string[] = [];
  for (let n = 0; n < count; n += 1) {
    const created = await post(`${baseUrl}/api/account/api-keys`, owner, { name: `Store ${n + 1}` });
    if (created.status !== 201) throw new Error(`key: ${created.status} ${await created.text()}`);
    keys.push(((await created.json()) as { key: string }).key);
  }
  return keys;
}

/** One `POST /api/v1/shipments` with `key` and a new Idempotency-Key, its answer read whole: its status. */
export async function postV1Shipment(baseUrl: string, key: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/v1/shipments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: V1_SHIPMENT_BODY,
  });
  await response.arrayBuffer();
  return response.status;
}
