import { describe, expect, it } from 'vitest';
import { isOperatorRoute } from './auth.ts';

describe('isOperatorRoute', () => {
  it.each([
    ['GET', '/api/admin/packages'],
    ['DELETE', '/api/admin/packages/:trackingCode'],
    ['GET', '/api/admin/anything-added-later'],
    ['POST', '/api/create-plan'],
    ['PUT', '/api/edit-plan/:id'],
    ['POST', '/api/details'],
    ['PUT', '/api/details/:id'],
    ['POST', '/api/send-email'],
  ])('guards %s %s', (method, url) => {
    expect(isOperatorRoute(method, url)).toBe(true);
  });

  it.each([
    ['GET', '/api/plans'],
    ['GET', '/api/details'],
    ['GET', '/api/track/:code'],
    ['GET', '/api/company'],
    ['POST', '/api/submit-package'],
    ['POST', '/api/console-shortcut'],
    ['GET', '/api/administrator'],
  ])('leaves %s %s public', (method, url) => {
    expect(isOperatorRoute(method, url)).toBe(false);
  });
});
