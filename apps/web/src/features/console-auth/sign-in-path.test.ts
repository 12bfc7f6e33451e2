import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { buildSignInPath, CONSOLE_HOME, isSessionError, readReturnPath } from './sign-in-path.ts';

const PLACE = { origin: 'https://waybill.example', base: '/ops-9f4c2e' };

/** What the browser ends up at when the router navigates to `path` inside the console. */
const landing = (path: string) => new URL(`${PLACE.base}${path}`, PLACE.origin);

describe('readReturnPath', () => {
  it('keeps a console path with its query', () => {
    for (const place of [PLACE, undefined]) {
      expect(readReturnPath('/plan', place)).toBe('/plan');
      expect(readReturnPath('/?q=ada&page=2', place)).toBe('/?q=ada&page=2');
      expect(readReturnPath('/packages/WB7K2M9Q4XRT#images', place)).toBe('/packages/WB7K2M9Q4XRT#images');
    }
  });

  it('keeps the parsed form of a console path, not the raw text', () => {
    expect(readReturnPath('/inbox/./messages', PLACE)).toBe('/inbox/messages');
    expect(readReturnPath('/plan/../inbox', PLACE)).toBe('/inbox');
    expect(readReturnPath('/?q=a b', PLACE)).toBe('/?q=a%20b');
  });

  // Tricks that lead off the site, out of the console, or back to sign-in: each must give the dashboard.
  const tricks = [
    null,
    undefined,
    '',
    'plan',
    './plan',
    '../plan',
    ' /plan',
    '\t/plan',
    '//evil.example',
    '///evil.example',
    '//evil.example/ops-9f4c2e/plan',
    '/\\evil.example',
    '\\/evil.example',
    '/\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/\t\t/evil.example',
    '/\u0000/evil.example',
    '/\u001b/evil.example',
    '/\u007f/evil.example',
    '/plan\\edit',
    '/.//evil.example',
    '/./\\evil.example',
    '/\\\\evil.example',
    'https://evil.example',
    'https://evil.example/ops-9f4c2e/plan',
    'HTTPS://evil.example',
    'http:evil.example',
    'https://waybill.example/ops-9f4c2e/plan',
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    'java\tscript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'mailto:ops@waybill.example',
    '/..',
    '/../',
    '/../uploads/x.webp',
    '/../../api/admin/packages',
    '/%2e%2e/uploads/x.webp',
    '/%2E%2E/%2e%2E/',
    '/.%2e/outside',
    '/plan/../../outside',
    '/sign-in',
    '/sign-in/',
    '/sign-in?next=/plan',
    '/./sign-in',
    '/plan/../sign-in?next=%2Fplan',
  ];

  it.each(tricks.map((next) => [JSON.stringify(next), next]))('falls back to the dashboard for %s', (_, next) => {
    expect(readReturnPath(next, PLACE)).toBe(CONSOLE_HOME);
  });

  it('keeps encoded look-alikes only as harmless paths inside the console', () => {
    for (const next of ['/%2F%2Fevil.example', '/%5Cevil.example', '/%09/evil.example', '/%0A/evil.example']) {
      const kept = readReturnPath(next, PLACE);
      expect(kept.startsWith('/') && !kept.startsWith('//')).toBe(true);
      expect(landing(kept).origin).toBe(PLACE.origin);
      expect(landing(kept).pathname.startsWith(`${PLACE.base}/`)).toBe(true);
    }
  });

  it('never yields a path that leaves the site or the console, whatever the input', () => {
    const pieces = ['/', '\\', '\t', '\n', '.', '..', '%2e', '%2f', '%5c', ':', '@', '?', '#', 'evil.example', 'plan'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 8 }), fc.string(), (parts, noise) => {
        for (const next of [parts.join(''), `/${parts.join('')}`, `/${noise}`, noise]) {
          const kept = readReturnPath(next, PLACE);
          expect(kept.startsWith('/') && !kept.startsWith('//')).toBe(true);
          expect(new URL(kept, PLACE.origin).origin).toBe(PLACE.origin);
          expect(landing(kept).origin).toBe(PLACE.origin);
          expect(landing(kept).pathname.startsWith(`${PLACE.base}/`)).toBe(true);
          expect(landing(kept).pathname).not.toMatch(/\/sign-in\/?$/);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('buildSignInPath', () => {
  it('carries where to return and the expiry flag', () => {
    expect(buildSignInPath('/')).toBe('/sign-in');
    expect(buildSignInPath('/plan')).toBe('/sign-in?next=%2Fplan');
    expect(buildSignInPath('/?q=ada', { expired: true })).toBe('/sign-in?next=%2F%3Fq%3Dada&expired=1');
  });
});

describe('isSessionError', () => {
  it('is true only for a 401 answer', () => {
    expect(isSessionError(new ApiError(401, 'Please sign in to continue.'))).toBe(true);
    expect(isSessionError(new ApiError(403, 'Missing or invalid anti-forgery token'))).toBe(false);
    expect(isSessionError(new Error('boom'))).toBe(false);
  });
});
