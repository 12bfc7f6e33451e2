import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mailLogEntrySchema, trackResultSchema } from '@waybill/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiFetch,
  isLostAnswer,
  serverMessageOr,
  UNEXPECTED_ANSWER,
  UnexpectedAnswerError,
} from './api-client.ts';
import { fetchPage } from './paging.ts';

// A real HTTP server stands in for the API: each test says what it answers, and the client reads that
// answer over the wire exactly as in the browser. Only the origin is supplied (Node's fetch has no page
// to resolve "/api/…" against).

interface Answer {
  status?: number;
  headers?: Record<string, string>;
  body: string;
}

let server: Server;
let origin: string;
let answer: Answer = { body: '' };
const requested: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    requested.push(request.url ?? '');
    response.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function answerWith(next: Answer) {
  answer = next;
  requested.length = 0;
  const nodeFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => nodeFetch(new URL(input, origin), init));
}

afterEach(() => vi.unstubAllGlobals());

const TRACKED = {
  trackingNumber: 'ABCDEFGH2345',
  trackingCode: 'ABCDEFGH2345',
  status: 'Shipped',
  estimatedDelivery: '2026-12-01T00:00:00.000Z',
  locationUpdates: [{ location: 'Lagos hub', timestamp: '2026-11-21T09:30:00.000Z' }],
  late: false,
  delivery: null,
};

const fetchTrackResult = () => apiFetch('/api/track/ABCDEFGH2345', { schema: trackResultSchema });

const MAIL: { _id: string } & Record<string, unknown> = {
  _id: 'b1e0c7a4-5f7e-4c1b-9a77-0d2f4f1b8c11',
  to: 'ada@example.com',
  subject: 'Your package is on its way',
  template: 'notification',
  status: 'sent',
  error: null,
  createdAt: '2026-11-21T09:30:00.000Z',
};

const mailLogPage = (page: number, pageSize: number, filters?: Record<string, string | undefined>) =>
  fetchPage('/api/admin/mail-log', { item: mailLogEntrySchema, page, pageSize, filters });

/** The error a request's promise rejects with. */
async function refusal(promise: Promise<unknown>): Promise<UnexpectedAnswerError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(UnexpectedAnswerError);
  return error as UnexpectedAnswerError;
}

describe("apiFetch reads every answer with the route's schema", () => {
  it('returns an answer that matches', async () => {
    answerWith({ body: JSON.stringify(TRACKED) });
    await expect(fetchTrackResult()).resolves.toEqual(TRACKED);
    expect(requested).toEqual(['/api/track/ABCDEFGH2345']);
  });

  it('refuses an answer with a field the schema does not allow, and names it', async () => {
    answerWith({ body: JSON.stringify({ ...TRACKED, remail: 'kofi@example.com' }) });
    const error = await refusal(fetchTrackResult());
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, message: UNEXPECTED_ANSWER, serverMessage: undefined });
    expect(error.issues.map((issue) => issue.code)).toEqual(['unrecognized_keys']);
    // Not a lost answer (which a keyed write would send again), and a toast shows its own fallback.
    expect(isLostAnswer(error)).toBe(false);
    expect(serverMessageOr(error, 'Failed to track package.')).toBe('Failed to track package.');
  });

  it('refuses a field of the wrong type or a missing one', async () => {
    const { status: _dropped, ...withoutStatus } = TRACKED;
    answerWith({ body: JSON.stringify({ ...withoutStatus, estimatedDelivery: 'next week' }) });
    const error = await refusal(fetchTrackResult());
    expect(error.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['estimatedDelivery', 'status']);
  });

  it('refuses a 2xx body that is not JSON, such as a proxy page', async () => {
    answerWith({ headers: { 'content-type': 'text/html' }, body: '<html><body>Welcome</body></html>' });
    const error = await refusal(fetchTrackResult());
    expect(error.message).toBe(UNEXPECTED_ANSWER);
  });

  it('refuses a list when one of its items breaks the schema', async () => {
    answerWith({
      headers: { 'X-Total-Count': '2' },
      body: JSON.stringify([MAIL, { ...MAIL, _id: 'second', status: 'queued' }]),
    });
    const error = await refusal(mailLogPage(1, 10));
    expect(error.issues.map((issue) => issue.path.join('.'))).toEqual(['1.status']);
  });
});

describe('fetchPage', () => {
  it('sends page, pageSize and the filters, and reads the paging headers', async () => {
    answerWith({
      headers: { 'X-Total-Count': '53', 'X-Page': '2', 'X-Page-Size': '24', 'X-Next-Page': '3' },
      body: JSON.stringify([MAIL]),
    });
    const page = await mailLogPage(2, 24, { q: 'ada', status: 'sent' });
    expect(requested).toEqual(['/api/admin/mail-log?page=2&pageSize=24&q=ada&status=sent']);
    expect(page).toEqual({ items: [MAIL], total: 53, totalCapped: false, page: 2, pageSize: 24, nextPage: 3 });
  });

  it('reads a count that stopped at a cap', async () => {
    answerWith({
      headers: { 'X-Total-Count': '1000', 'X-Total-Count-Capped': '1000', 'X-Page': '1', 'X-Page-Size': '24' },
      body: JSON.stringify([MAIL]),
    });
    const page = await mailLogPage(1, 24);
    expect(page.total).toBe(1000);
    expect(page.totalCapped).toBe(true);
  });

  it('leaves out filters that are not set and has no next page on the last one', async () => {
    answerWith({ headers: { 'X-Total-Count': '1', 'X-Page': '1', 'X-Page-Size': '20' }, body: '[]' });
    const page = await mailLogPage(1, 20, { kind: undefined, q: '', state: 'new' });
    expect(requested).toEqual(['/api/admin/mail-log?page=1&pageSize=20&state=new']);
    expect(page.nextPage).toBeNull();
  });

  it('falls back to what it asked for when a proxy drops the headers', async () => {
    answerWith({ body: JSON.stringify([MAIL, MAIL]) });
    const page = await mailLogPage(3, 10);
    expect(page).toMatchObject({ total: 2, page: 3, pageSize: 10, nextPage: null });
  });
});
