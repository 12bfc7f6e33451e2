// The API description is the contract: every route declares what it answers, every operation the
// document lists is called here and each answer (status, body, documented headers) is checked against
// the document, so an answer the schemas do not describe, or an operation nobody calls, fails.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageBytes, shipmentFields, shipmentForm, submitShipment } from '../../test/support/factories.ts';
import type { AnyBody, TestClient, TestResponse } from '../../test/support/http-client.ts';
import { startTestApp, TEST_ADMIN, type TestApp } from '../../test/support/test-app.ts';
import { databasesFor } from '../../test/support/test-databases.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/support/test-smtp-server.ts';
import { writeTestWebBuild } from '../../test/support/web-build.ts';
import { DOCS_PATH, OPENAPI_PATH, operationIdOf } from './openapi.ts';

interface Operation {
  method: string;
  path: string;
  operationId: string;
  security?: Record<string, string[]>[];
  responses: Record<
    string,
    { content?: Record<string, { schema: unknown }>; headers?: Record<string, { schema: { type?: string } }> }
  >;
}

/** The rows the samples name: made before the calls, or by an earlier call of the table. */
interface State {
  acceptedCode: string;
  pendingCode: string;
  rejectCode: string;
  deleteCode: string;
  bulkCode: string;
  locationTimestamp?: string;
  planId?: string;
  detailsId?: string;
  inboxId?: string;
  operatorId?: string;
  /** The token of an invitation e-mailed before the calls. */
  inviteToken?: string;
}

/** One call of an operation: path parameters, query, body, the status it must answer, what it adds to the state. */
interface Sample {
  params?: Record<string, string>;
  query?: string;
  json?: unknown;
  form?: FormData;
  status: number;
  keep?: (body: AnyBody, state: State) => void;
}

const plan = {
  name1: 'Basic Shipping',
  name2: 'Express Shipping',
  name3: 'Same Day Rush',
  price1: 10,
  price2: 25,
  price3: 60,
  description1: '3-5 business days',
};
const details = { phone: '+1 555 0100', email: 'desk@waybill.example', watsapp: '', address: ['100 Harbor Way'] };
const email = (state: State) => ({
  to: 'customer@example.com',
  subject: 'Your parcel',
  templateType: 'package',
  trackingCode: state.acceptedCode,
  shipperName: 'Ada',
  customMessage: 'On its way',
});

/**
 * A valid call of every operation, in the order they run (later ones use what earlier ones made).
 * An operation added to the API fails the test until it has a line here.
 */
const SAMPLES: Record<string, (state: State) => Sample | Promise<Sample>> = {
  getHealth: () => ({ status: 200 }),
  getHealthReady: () => ({ status: 200 }),
  postAuthLogin: () => ({ json: TEST_ADMIN, status: 200 }),
  postAuthLogout: () => ({ status: 200 }),
  getAuthMe: () => ({ status: 200 }),
  getAuthSession: () => ({ status: 200 }),
  getTrackByCode: (state) => ({ params: { code: state.acceptedCode }, status: 200 }),
  postTrackByCodeSubscriptions: (state) => ({
    params: { code: state.acceptedCode },
    json: { email: 'watcher@example.org' },
    status: 202,
  }),
  getSubscriptionsConfirm: () => ({ query: `?token=${'A'.repeat(43)}`, status: 404 }),
  postSubscriptionsConfirm: () => ({ query: `?token=${'A'.repeat(43)}`, status: 404 }),
  getSubscriptionsUnsubscribe: () => ({ query: `?token=${'A'.repeat(43)}`, status: 404 }),
  postSubscriptionsUnsubscribe: () => ({ query: `?token=${'A'.repeat(43)}`, status: 404 }),
  postSubmitPackage: async () => ({
    form: shipmentForm(shipmentFields(), [{ name: 'box.png', data: await imageBytes() }]),
    status: 201,
  }),
  getAdminPackages: () => ({ query: '?page=1&pageSize=1', status: 200 }),
  getAdminPackageStats: () => ({ status: 200 }),
  getAdminPackagesByTrackingCode: (state) => ({ params: { trackingCode: state.acceptedCode }, status: 200 }),
  postAdminAccept: (state) => ({ json: { trackingCode: state.pendingCode }, status: 200 }),
  postAdminReject: (state) => ({ json: { trackingCode: state.rejectCode }, status: 200 }),
  postAdminUpdateStatus: (state) => ({ json: { trackingCode: state.acceptedCode, status: 'Shipped' }, status: 200 }),
  postAdminLocationUpdate: (state) => ({
    json: { trackingCode: state.acceptedCode, location: 'Oakland depot' },
    status: 201,
    keep: (body, s) => {
      s.locationTimestamp = body.locationUpdates.find(
        (update: { location: string }) => update.location === 'Oakland depot',
      ).timestamp;
    },
  }),
  deleteAdminLocationUpdate: (state) => ({
    json: { trackingCode: state.acceptedCode, timestamp: state.locationTimestamp },
    status: 200,
  }),
  deleteAdminPackagesByTrackingCode: (state) => ({ params: { trackingCode: state.deleteCode }, status: 200 }),
  getAdminPackagesByTrackingCodeLabel: (state) => ({ params: { trackingCode: state.acceptedCode }, status: 200 }),
  postAdminProofOfDelivery: async (state) => {
    const form = new FormData();
    form.append('trackingCode', state.acceptedCode!);
    form.append('receivedBy', 'Kofi Mensah');
    form.append('photo', new Blob([new Uint8Array(await imageBytes())]), 'photo.png');
    return { form, status: 200 };
  },
  getAdminPackagesByTrackingCodeProof: (state) => ({ params: { trackingCode: state.acceptedCode }, status: 200 }),
  getAdminPackagesByTrackingCodeProofByKind: (state) => ({
    params: { trackingCode: state.acceptedCode, kind: 'photo' },
    status: 200,
  }),
  postAdminLabels: (state) => ({ json: { trackingCodes: [state.acceptedCode], size: 'a4' }, status: 200 }),
  postAdminBulk: (state) => ({
    json: { action: 'accept', trackingCodes: [state.bulkCode, 'NOPE22222222'] },
    status: 200,
  }),
  getAdminPackagesCsv: (state) => ({ query: `?status=Pending&codes=${state.acceptedCode}`, status: 200 }),
  getAdminAudit: () => ({ query: '?page=1&pageSize=5&action=package.accepted', status: 200 }),
  getAdminPackagesByTrackingCodeHistory: (state) => ({ params: { trackingCode: state.acceptedCode }, status: 200 }),
  getPlans: () => ({ status: 200 }),
  postCreatePlan: () => ({ json: plan, status: 201, keep: (body, s) => (s.planId = body._id) }),
  putEditPlanById: (state) => ({ params: { id: state.planId! }, json: { ...plan, price1: 12 }, status: 200 }),
  getCompany: () => ({ status: 200 }),
  postDetails: () => ({ json: details, status: 201, keep: (body, s) => (s.detailsId = body._id) }),
  getDetails: () => ({ status: 200 }),
  putDetailsById: (state) => ({
    params: { id: state.detailsId! },
    json: { ...details, phone: '+1 555 0199' },
    status: 200,
  }),
  postConsoleShortcut: () => ({ json: { name: 'someone', code: 'not the code' }, status: 200 }),
  postSendEmail: (state) => ({ json: email(state), status: 200 }),
  postAdminEmailPreview: (state) => ({ json: email(state), status: 200 }),
  getAdminMailLog: () => ({ query: '?page=1&pageSize=5', status: 200 }),
  getAdminNotificationSettings: () => ({ status: 200 }),
  putAdminNotificationSettings: () => ({ json: { notifyCustomers: false }, status: 200 }),
  getAdminAttentionSettings: () => ({ status: 200 }),
  putAdminAttentionSettings: () => ({ json: { pendingHours: 24, staleHours: 48, lateHours: 0 }, status: 200 }),
  postSupportRequests: () => ({
    json: {
      name: 'Ada Support',
      email: 'ada.support@example.com',
      subject: 'Parcel is late',
      category: 'tracking',
      priority: 'high',
      message: 'My parcel has not moved for three days.',
    },
    status: 201,
    keep: (body, s) => (s.inboxId = body.id),
  }),
  postContactMessages: () => ({
    json: { name: 'Grace', email: 'grace@example.org', message: 'Do you collect on Saturdays?' },
    status: 201,
  }),
  postAccountRequests: () => ({
    json: {
      name: 'Obi Account',
      email: 'obi@example.com',
      phone: '+234 801 000 0000',
      address: '12 Marina',
      company: 'Obi Logistics',
      city: 'Lagos',
      country: 'Nigeria',
      password: 'correct horse battery staple',
    },
    status: 201,
  }),
  getAdminInbox: () => ({ query: '?page=1&pageSize=2&kind=support&state=new', status: 200 }),
  patchAdminInboxById: (state) => ({ params: { id: state.inboxId! }, json: { state: 'handled' }, status: 200 }),
  getAdminInboxStats: () => ({ status: 200 }),
  getAdminOperators: () => ({ status: 200 }),
  postAdminOperators: () => ({
    json: { email: 'sample.operator@waybill.test', name: 'Sam Ple', role: 'operator' },
    status: 201,
    keep: (body, s) => (s.operatorId = body.id),
  }),
  patchAdminOperatorsById: (state) => ({ params: { id: state.operatorId! }, json: { role: 'admin' }, status: 200 }),
  postAdminOperatorsByIdResetPassword: (state) => ({ params: { id: state.operatorId! }, status: 200 }),
  postAuthAcceptInvite: (state) => ({
    json: { token: state.inviteToken, name: 'Ina Vited', password: 'Lantern-Quietly-Orbit-47' },
    status: 200,
  }),
  // Last: the signed-in operator's other sessions end.
  postAuthChangePassword: () => ({
    json: { currentPassword: TEST_ADMIN.password, newPassword: 'Harbor-Velvet-Rocket-93' },
    status: 200,
  }),
};

const needsSession = (operation: Operation) =>
  (operation.security ?? []).some((requirement) => 'operatorSession' in requirement);

/** Checks answers against the document with ajv (OpenAPI 3.1 schemas are JSON Schema 2020-12). */
function answerChecker(document: { paths: Record<string, Record<string, Operation>> }) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, 'openapi.json');
  const validators = new Map<string, ValidateFunction>();
  const validatorAt = (...pointer: string[]) => {
    const ref = `openapi.json#/${pointer.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
    let validate = validators.get(ref);
    if (!validate) {
      validate = ajv.compile({ $ref: ref });
      validators.set(ref, validate);
    }
    return validate;
  };

  /** What is wrong with an answer to `operation`, as readable lines (none when it matches). */
  return (operation: Operation, answer: TestResponse): string[] => {
    const name = `${operation.operationId} → ${answer.status}`;
    const documented = operation.responses[String(answer.status)];
    if (!documented) return [`${name}: status not in the document (${answer.text.slice(0, 200)})`];
    const problems: string[] = [];
    const method = operation.method.toLowerCase();
    const at = ['paths', operation.path, method, 'responses', String(answer.status)];
    if (documented.content?.['application/json']) {
      const validate = validatorAt(...at, 'content', 'application/json', 'schema');
      if (!validate(answer.body)) problems.push(`${name}: body ${ajv.errorsText(validate.errors)}`);
    } else if (answer.text !== '') {
      // A file answer (a CSV export) names its media type in the document instead of a JSON schema.
      const type = answer.headers.get('content-type')?.split(';')[0] ?? '';
      if (!documented.content?.[type]) problems.push(`${name}: a body the document does not declare`);
    }
    for (const [header, { schema }] of Object.entries(documented.headers ?? {})) {
      const raw = answer.headers.get(header);
      if (raw === null) continue;
      const value = schema.type === 'integer' || schema.type === 'number' ? Number(raw) : raw;
      const validate = validatorAt(...at, 'headers', header, 'schema');
      if (!validate(value)) problems.push(`${name}: header ${header} ${ajv.errorsText(validate.errors)}`);
    }
    return problems;
  };
}

describe('operation ids', () => {
  it('names an operation by its method and path', () => {
    expect(operationIdOf('GET', '/api/track/:code')).toBe('getTrackByCode');
    expect(operationIdOf('DELETE', '/api/admin/packages/:trackingCode')).toBe('deleteAdminPackagesByTrackingCode');
    expect(operationIdOf('POST', '/api/admin/email-preview')).toBe('postAdminEmailPreview');
  });
});

// One database: every answer against the document (the values each driver returns: the module tests, on both).
describe.each(databasesFor('any'))('the API description on %s', (kind) => {
  let testApp: TestApp;
  let smtp: TestSmtpServer;
  let webDist: string;
  let operator: TestClient;
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

    const accepted = await operator.post('/api/admin/accept', { trackingCode: await submitShipment(testApp) });
    state.acceptedCode = accepted.body.trackingCode;
    state.pendingCode = await submitShipment(testApp);
    state.rejectCode = await submitShipment(testApp);
    state.deleteCode = await submitShipment(testApp);
    state.bulkCode = await submitShipment(testApp);

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
      .filter((name) => !name.includes(OPENAPI_PATH) && !name.includes(DOCS_PATH));
    const described = operations.map(
      (operation) => `${operation.method} ${operation.path.replace(/\{(\w+)\}/g, ':$1')}`,
    );
    expect(described.sort()).toEqual(apiRoutes.sort());
    expect(new Set(operations.map((operation) => operation.operationId)).size).toBe(operations.length);
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
      const client = needsSession(operation) ? operator : testApp.client();
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
