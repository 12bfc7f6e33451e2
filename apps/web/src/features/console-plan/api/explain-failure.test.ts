import type { PlanInput } from '@waybill/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { createContactDetails } from './create-contact-details.ts';
import { createPlan } from './create-plan.ts';
import { editContactDetails } from './edit-contact-details.ts';
import { editPlan } from './edit-plan.ts';

const PLAN: PlanInput = {
  name1: 'Basic Shipping',
  name2: 'Express Shipping',
  name3: 'Same Day Rush',
  price1: 9,
  price2: 19,
  price3: 39,
  description1: '',
  description2: '',
  description3: '',
};
const DETAILS = { phone: '', email: '', watsapp: '', address: [] };
const ID = '0c7d35b4-8f4e-4a45-9d0e-1e3c35d2f9aa';

/** Stands in for the server's Set-Cookie of the anti-forgery token. */
function setXsrfCookie() {
  // biome-ignore lint/suspicious/noDocumentCookie: the cookie the server would set, read by the API client
  document.cookie = 'XSRF-TOKEN=test-token';
}

/** The browser transport answers every call with `response`. */
function answerWith(response: () => Response) {
  setXsrfCookie();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => response()),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('save calls of the plan screen', () => {
  it('show the stored SPEC message when a non-OK answer carries no message', async () => {
    answerWith(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(createPlan(PLAN)).rejects.toThrow(new ApiError(502, 'Failed to create plan'));
    await expect(editPlan({ id: ID, input: PLAN })).rejects.toThrow('Failed to update plan');
    await expect(createContactDetails(DETAILS)).rejects.toThrow('Failed to create details');
    await expect(editContactDetails({ id: ID, input: DETAILS })).rejects.toThrow('Failed to update details');
  });

  it("keep the server's own message when it sent one", async () => {
    answerWith(() => Response.json({ message: 'A plan already exists; edit it instead' }, { status: 409 }));
    await expect(createPlan(PLAN)).rejects.toThrow('A plan already exists; edit it instead');
    answerWith(() => Response.json({ message: 'Contact details not found' }, { status: 404 }));
    await expect(editContactDetails({ id: ID, input: DETAILS })).rejects.toThrow('Contact details not found');
  });

  it('keep the network error text when no answer came', async () => {
    setXsrfCookie();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(editPlan({ id: ID, input: PLAN })).rejects.toThrow(/^Network error/);
  });

  it('send the body as JSON to the SPEC paths with the anti-forgery header', async () => {
    answerWith(() => Response.json({ _id: ID, ...PLAN }));
    await editPlan({ id: ID, input: PLAN });
    const [path, init] = vi.mocked(fetch).mock.calls.at(-1)!;
    expect(path).toBe(`/api/edit-plan/${ID}`);
    expect(init?.method).toBe('PUT');
    expect(new Headers(init?.headers).get('X-XSRF-TOKEN')).toBe('test-token');
    expect(JSON.parse(String(init?.body))).toEqual(PLAN);
  });
});
