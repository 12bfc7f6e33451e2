import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { buildSignInPath, isSessionError, readReturnPath } from './sign-in-path.ts';

describe('readReturnPath', () => {
  it('keeps a console path with its query', () => {
    expect(readReturnPath('/plan')).toBe('/plan');
    expect(readReturnPath('/?q=ada&page=2')).toBe('/?q=ada&page=2');
  });

  it('falls back to the dashboard for anything that could leave the console or loop', () => {
    for (const next of [null, undefined, '', 'plan', '//evil.example', '/\\evil.example', 'https://evil.example']) {
      expect(readReturnPath(next)).toBe('/');
    }
    expect(readReturnPath('/sign-in?next=/plan')).toBe('/');
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
