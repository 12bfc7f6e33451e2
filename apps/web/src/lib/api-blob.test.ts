import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiBlob, UnexpectedAnswerError } from './api-client.ts';

let sent: { path: string; init: RequestInit }[];

/** The browser transport answers every call with `response`, recording what was sent. */
function answerWith(response: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      sent.push({ path, init });
      return response();
    }),
  );
}

beforeEach(() => {
  sent = [];
  // biome-ignore lint/suspicious/noDocumentCookie: the anti-forgery cookie the server would set
  document.cookie = 'XSRF-TOKEN=blob-token';
});
afterEach(() => vi.unstubAllGlobals());

describe('apiBlob', () => {
  it('posts JSON with the anti-forgery header and key, and answers the file as a Blob', async () => {
    answerWith(() => new Response('%PDF-1.7 test', { headers: { 'Content-Type': 'application/pdf' } }));
    const file = await apiBlob('/api/admin/labels', {
      json: { trackingCodes: ['A'] },
      idempotencyKey: 'k1',
      type: 'application/pdf',
    });
    expect(await file.text()).toBe('%PDF-1.7 test');
    const headers = new Headers(sent[0]!.init.headers);
    expect(sent[0]!.init.method).toBe('POST');
    expect(headers.get('X-XSRF-TOKEN')).toBe('blob-token');
    expect(headers.get('Idempotency-Key')).toBe('k1');
  });

  it("throws the server's message on an error answer, and refuses a 2xx of another type", async () => {
    answerWith(() => Response.json({ message: 'No labels for Pending packages' }, { status: 400 }));
    const refused = await apiBlob('/api/admin/labels', { json: {}, type: 'application/pdf' }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 400, message: 'No labels for Pending packages' });

    answerWith(() => new Response('<html></html>', { headers: { 'Content-Type': 'text/html' } }));
    const wrongType = await apiBlob('/api/admin/labels', { json: {}, type: 'application/pdf' }).catch(
      (error: unknown) => error,
    );
    expect(wrongType).toBeInstanceOf(UnexpectedAnswerError);
  });
});
