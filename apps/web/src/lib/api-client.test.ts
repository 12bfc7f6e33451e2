import { trackResultSchema } from '@waybill/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiFetch, serverMessageOr } from './api-client.ts';
import { readXsrfToken } from './xsrf-cookie.ts';

/** The browser transport answers every call with `response`. */
function answerWith(response: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => response()),
  );
}

/** The ApiError a GET throws. */
async function failureOf(): Promise<ApiError> {
  const error = await apiFetch('/api/track/ABCDEFGH2345', { schema: trackResultSchema }).catch(
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => vi.unstubAllGlobals());

describe('apiFetch error answers', () => {
  it("carries the server's message and field errors", async () => {
    answerWith(() =>
      Response.json({ message: 'Package not found', errors: { code: 'Package not found' } }, { status: 404 }),
    );
    const error = await failureOf();
    expect(error).toMatchObject({ status: 404, message: 'Package not found', serverMessage: 'Package not found' });
    expect(error.errors).toEqual({ code: 'Package not found' });
    expect(serverMessageOr(error, 'Failed to track package.')).toBe('Package not found');
  });

  it.each([
    ['an HTML page from a proxy', () => new Response('<html><body>Bad gateway</body></html>', { status: 502 })],
    ['an empty body', () => new Response(null, { status: 502 })],
    ['JSON without a message', () => Response.json({ error: 'Bad Gateway' }, { status: 502 })],
    ['JSON with a blank message', () => Response.json({ message: '  ' }, { status: 502 })],
    ['JSON null', () => Response.json(null, { status: 502 })],
  ])('words %s as the client would, and marks it as having no server message', async (_, response) => {
    answerWith(response);
    const error = await failureOf();
    expect(error).toMatchObject({ status: 502, message: 'Request failed with status code 502' });
    expect(error.serverMessage).toBeUndefined();
    expect(serverMessageOr(error, 'Failed to track package.')).toBe('Failed to track package.');
  });

  it('falls back when no answer came at all', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await failureOf();
    expect(error.message).toMatch(/^Network error/);
    expect(serverMessageOr(error, 'Failed to track package.')).toBe('Failed to track package.');
    expect(serverMessageOr(new Error('boom'), 'Failed to track package.')).toBe('Failed to track package.');
  });
});

describe('the anti-forgery token', () => {
  it('is read from __Host-XSRF-TOKEN over https, else from XSRF-TOKEN', () => {
    expect(readXsrfToken('a=1; XSRF-TOKEN=plain%2Eone')).toBe('plain.one');
    expect(readXsrfToken('XSRF-TOKEN=plain; __Host-XSRF-TOKEN=host')).toBe('host');
    expect(readXsrfToken('other=1')).toBeUndefined();
  });

  it('is sent once more when the refusal brought a new one (the session changed meanwhile)', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the anti-forgery cookie the server would set
    document.cookie = 'XSRF-TOKEN=before-sign-in';
    const sent: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        const token = new Headers(init?.headers).get('X-XSRF-TOKEN');
        sent.push(token);
        if (token === 'before-sign-in') {
          // biome-ignore lint/suspicious/noDocumentCookie: the server's answer replaces the cookie
          document.cookie = 'XSRF-TOKEN=of-the-session';
          return Response.json({ message: 'Missing or invalid anti-forgery token' }, { status: 403 });
        }
        return Response.json({ message: 'Signed out' });
      }),
    );
    expect(await apiFetch('/api/auth/logout', { method: 'POST', schema: z.object({ message: z.string() }) })).toEqual({
      message: 'Signed out',
    });
    expect(sent).toEqual(['before-sign-in', 'of-the-session']);
  });

  it('is not sent again when the refusal brought no new one', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the anti-forgery cookie the server would set
    document.cookie = 'XSRF-TOKEN=same';
    const fetch = vi.fn(async () =>
      Response.json({ message: 'Missing or invalid anti-forgery token' }, { status: 403 }),
    );
    vi.stubGlobal('fetch', fetch);
    const error = await apiFetch('/api/auth/logout', { method: 'POST', schema: z.object({}) }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, message: 'Missing or invalid anti-forgery token' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
