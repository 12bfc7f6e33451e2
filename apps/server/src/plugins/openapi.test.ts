// The API description is the contract: every route declares what it answers, every operation the
// document lists is called here and each answer (status, body, documented headers) is checked against
// the document, so an answer the schemas do not describe, or an operation nobody calls, fails.
// The valid call of each operation: test/support/openapi-samples.ts; the checks of an answer:
// test/support/openapi-answers.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedAccount } from '../../test/support/accounts.ts';
import { submitPackage } from '../../test/support/factories.ts';
import type { TestClient } from '../../test/support/http-client.ts';
import {
  answerChecker,
  needsAccountSession,
  needsSession,
  type Operation,
} from '../../test/support/openapi-answers.ts';
import { SAMPLES, type State } from '../../test/support/openapi-samples.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { databasesFor } from '../../test/support/test-databases.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/support/test-smtp-server.ts';
import { writeTestWebBuild } from '../../test/support/web-build.ts';
import { DOCS_PATH, OPENAPI_PATH, operationIdOf } from './openapi.ts';

describe('operation ids', () => {
  it('names an operation by its method and path', () => {
    expect(operationIdOf('GET', '/api/track/:code')).toBe('getTrackByCode');
    expect(operationIdOf('DELETE', '/api/admin/packages/:trackingCode')).toBe('deleteAdminPackagesByTrackingCode');
    expect(operationIdOf('POST', '/api/admin/email-preview')).toBe('postAdminEmailPreview');
    expect(operationIdOf('GET', '/api/admin/runs/:id/sheet.pdf')).toBe('getAdminRunsByIdSheetPdf');
  });
});

// One database: every answer against the document (the values each driver returns: the module tests, on both).
describe.each(databasesFor('any'))('the API description on %s', (kind) => {
  let testApp: TestApp;
  let smtp: TestSmtpServer;
  let webDist: string;
  let operator: TestClient;
  let member: TestClient;
  let document: { openapi: string; paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>> };
  let operations: Operation[];
  let check: ReturnType<typeof answerChecker>;
  const state = {} as State;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    // A minimal web build, so the web app's page routes are registered too.
    webDist = await mkdtemp(path.join(os.tmpdir(), 'waybill-web-'));
    await writeTestWebBuild(webDist);
    testApp = await startTestApp(kind, {
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://waybill.test',
      MAIL_FROM: 'Waybill <no-reply@waybill.test>',
      WEB_DIST_DIR: webDist,
    });
    operator = await testApp.operator();
    const answer = await testApp.client().get(OPENAPI_PATH);
    expect(answer.status).toBe(200);
    document = answer.body;
    operations = Object.entries(document.paths).flatMap(([pathName, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({
        ...operation,
        method: method.toUpperCase(),
        path: pathName,
      })),
    );
    check = answerChecker(document as never);

    const accepted = await operator.post('/api/admin/accept', { trackingCode: await submitPackage(testApp) });
    state.acceptedCode = accepted.body.trackingCode;
    state.pendingCode = await submitPackage(testApp);
    state.rejectCode = await submitPackage(testApp);
    state.deleteCode = await submitPackage(testApp);
    state.bulkCode = await submitPackage(testApp);

    const driver = await operator.post('/api/admin/operators', {
      email: 'driver@waybill.test',
      name: 'Dee Driver',
      role: 'driver',
    });
    expect(driver.status).toBe(201);
    state.driverId = driver.body.id;

    const account = await approvedAccount(testApp, smtp, operator);
    member = account.owner;
    state.memberEmail = account.email;

    const invited = 'invited@waybill.test';
    expect(
      (await operator.post('/api/admin/operators', { email: invited, name: 'Ina', role: 'operator' })).status,
    ).toBe(201);
    await testApp.app.mailOutbox.runOnce(); // after any pass of the timer: the invitation has gone
    const invitation = smtp.received.find((mail) => mail.envelopeTo.includes(invited));
    state.inviteToken = /accept-invite#token=([\w-]+)/.exec(invitation?.parsed.text ?? '')?.[1];
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.stop();
    if (webDist) await rm(webDist, { recursive: true, force: true });
  });

  it('declares the answers of every route the app registers', () => {
    expect(testApp.routes.map((route) => route.url)).toContain('/'); // the web app's pages are among them
    const undeclared = testApp.routes
      .filter((route) => !Object.keys(route.schema?.response ?? {}).some((status) => /^[23]\d\d$/.test(status)))
      .map((route) => `${[route.method].flat().join(',')} ${route.url}`);
    expect(undeclared).toEqual([]);
  });

  it('describes every API route, and only those, in OpenAPI 3.1', () => {
    expect(document.openapi).toBe('3.1.0');
    const apiRoutes = testApp.routes
      .flatMap((route) => [route.method].flat().map((method) => `${method} ${route.url}`))
      .filter((name) => / \/api\//.test(name) && !name.startsWith('HEAD '))
      .filter((name) => !name.includes(OPENAPI_PATH) && !name.includes(DOCS_PATH))
      // /api/v1 has a document of its own (modules/v1/v1.test.ts checks it).
      .filter((name) => !name.includes(' /api/v1/'));
    const described = operations.map(
      (operation) => `${operation.method} ${operation.path.replace(/\{(\w+)\}/g, ':$1')}`,
    );
    expect(described.sort()).toEqual(apiRoutes.sort());
    expect(new Set(operations.map((operation) => operation.operationId)).size).toBe(operations.length);
  });

  it('names the working days, the holidays and another delivery day', () => {
    const schemas = (document as unknown as { components: { schemas: Record<string, { properties?: object }> } })
      .components.schemas;
    expect(Object.keys(schemas.DeliverySettings?.properties ?? {})).toEqual(
      expect.arrayContaining(['workingDays', 'holidays']),
    );
    expect(Object.keys(schemas.DeliveryPreferences?.properties ?? {})).toEqual(
      expect.arrayContaining(['deliveryDay', 'deliveryDays']),
    );
    expect(JSON.stringify(document.paths['/api/track/{code}/preferences'])).toContain('deliveryDay');
  });

  it('answers every operation as the document says', async () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(operations.map((operation) => operation.operationId).sort());
    const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
    const problems: string[] = [];
    for (const [operationId, sampleOf] of Object.entries(SAMPLES)) {
      const operation = byId.get(operationId)!;
      const sample = await sampleOf(state);
      const url =
        operation.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
          encodeURIComponent(sample.params?.[name] ?? ''),
        ) + (sample.query ?? '');
      const client = needsSession(operation) ? operator : needsAccountSession(operation) ? member : testApp.client();
      const answer = await client.request(operation.method, url, { json: sample.json, form: sample.form });
      if (answer.status !== sample.status) {
        problems.push(`${operationId}: ${answer.status} instead of ${sample.status} (${answer.text.slice(0, 200)})`);
      }
      problems.push(...check(operation, answer));
      if (answer.status === sample.status) sample.keep?.(answer.body, state);
    }
    expect(problems).toEqual([]);
    expect(smtp.received.length).toBeGreaterThan(0); // the e-mail went out for real
  });

  it('refuses every console operation without a session in the documented shape', async () => {
    const problems: string[] = [];
    const guarded = operations.filter(needsSession);
    expect(guarded.length).toBeGreaterThan(15);
    for (const operation of guarded) {
      const url = operation.path.replace(/\{(\w+)\}/g, 'ABC');
      const answer = await testApp
        .client()
        .request(operation.method, url, { json: operation.method === 'GET' ? undefined : {} });
      if (answer.status !== 401) problems.push(`${operation.operationId}: ${answer.status} instead of 401`);
      problems.push(...check(operation, answer));
    }
    expect(problems).toEqual([]);
  });

  it('refuses a malformed body in the documented shape', async () => {
    const accept = operations.find((operation) => operation.operationId === 'postAdminAccept')!;
    const answer = await operator.post('/api/admin/accept', { trackingCode: 42 });
    expect(answer.status).toBe(400);
    expect(check(accept, answer)).toEqual([]);
  });

  it('serves the readable reference as HTML under the site CSP, with every script and style from the site', async () => {
    const page = await testApp.client().get(DOCS_PATH);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    const health = await testApp.client().get('/api/health');
    expect(csp).toBe(health.headers.get('content-security-policy'));
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    // No inline script (the CSP would block it): every script has a source, served here.
    // Split rather than match: a lazy pattern over the page would be quadratic on a hostile one.
    const scripts = page.text
      .split('<script')
      .slice(1)
      .map((part) => {
        const open = part.indexOf('>');
        return [part, part.slice(0, open), part.slice(open + 1, part.indexOf('</script>'))] as const;
      });
    expect(scripts.length).toBeGreaterThan(0);
    const sources = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="/);
      expect(body?.trim()).toBe('');
    }
    for (const source of sources) {
      const url = new URL(source, `${testApp.baseUrl}${DOCS_PATH}`);
      expect(url.origin).toBe(testApp.baseUrl);
      const file = await fetch(url);
      expect(file.status, source).toBe(200);
      await file.arrayBuffer();
    }
    // The page loads the description from here (its initializer asks for `./json`).
    const json = await testApp.client().get(`${DOCS_PATH}/json`);
    expect(json.body).toEqual(document);
  });
});
