// Property-based bad input for every route and every JSON endpoint: whatever arrives, the answer is
// a 4xx JSON { message } or a success, never a 5xx, and a refusal changes nothing.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyBody, TestClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { databasesFor } from '../support/test-databases.ts';
import { ENDPOINT_SPECS, type SeededContext } from './support/endpoint-specs.ts';
import { anyValue, extraFields, hostileSegment, hostileText } from './support/hostile-input.ts';
import { EDGE_TIMESTAMPS, invalidValueFor, JsonNumber, toJson, withField } from './support/invalid-values.ts';
import { credentialsOf, type RawAnswer, rawRequest } from './support/raw-http.ts';
import { listRoutes, type RouteEntry } from './support/route-table.ts';
import {
  expectPageRefusedLeavingNothing,
  expectRefusedLeavingNothing,
  readStoredState,
  seedContext,
} from './support/seeded-app.ts';

// Both databases: whether a refusal left the stored state unchanged is the database's to tell (each
// driver rejects odd values its own way). The runs of each property are shared between the databases
// rather than repeated on each: every run draws a new input (fast-check seeds each database's runs
// apart), so the suite tries as many inputs per run of the file as on one database.
const DATABASES = databasesFor('sql');
// Tuned so the file takes well under a minute on two shared cores.
const TOTAL_RUNS = { anyRoute: 200, invalidField: 200, hostileText: 100, edgeValue: 100 };
const RUNS = Object.fromEntries(
  Object.entries(TOTAL_RUNS).map(([property, runs]) => [property, Math.ceil(runs / DATABASES.length)]),
) as typeof TOTAL_RUNS;

describe.each(DATABASES)('bad input on %s', (kind) => {
  let testApp: TestApp;
  let operator: TestClient;
  let ctx: SeededContext;
  let operatorHeaders: Record<string, string>;
  let strangerHeaders: Record<string, string>;
  let routes: RouteEntry[];

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    operator = await testApp.operator();
    ctx = await seedContext(testApp, operator);
    operatorHeaders = await credentialsOf(operator);
    strangerHeaders = await credentialsOf(testApp.client());
    routes = listRoutes(testApp);
  });
  afterAll(() => testApp?.close());

  const send = (method: string, path: string, body: unknown, signedIn: boolean): Promise<RawAnswer> =>
    rawRequest(testApp.baseUrl, {
      method,
      path,
      headers: {
        ...(signedIn ? operatorHeaders : strangerHeaders),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : toJson(body),
    });

  /** A 2xx may change things (the payload was valid after all); anything else must be a clean refusal. */
  async function checkAnswer(answer: RawAnswer, before: Awaited<ReturnType<typeof readStoredState>>, path: string) {
    expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(500);
    if (answer.status < 400) return;
    // The links of e-mail updates are opened in a browser: they refuse with a small page, not JSON.
    if (path.startsWith('/api/subscriptions/') && answer.headers['content-type']?.includes('text/html')) {
      await expectPageRefusedLeavingNothing(answer, before, testApp);
    } else {
      await expectRefusedLeavingNothing(answer, before, testApp);
    }
  }

  it('answers garbage sent to any route of the route table without a 5xx', async () => {
    expect(routes.length).toBeGreaterThan(20);
    // Signing out would end the operator session the other properties rely on.
    const routeArb = fc.constantFrom(
      ...routes.filter((route) => route.url !== '*' && route.url !== '/api/auth/logout'),
    );
    // Paging numbers at and past their limits as well as hostile text.
    const pageNumber = fc.constantFrom(
      '0',
      '-0',
      '1e400',
      '1e3',
      '0x10',
      ' 2',
      '1.5',
      '2147483648',
      '9'.repeat(30),
      '1'.repeat(40),
    );
    const query = fc.dictionary(
      fc.constantFrom('page', 'pageSize', 'q', 'status', 'kind', 'state', 'x'),
      fc.oneof(hostileText, pageNumber),
      { maxKeys: 3 },
    );
    await fc.assert(
      fc.asyncProperty(
        routeArb,
        hostileSegment,
        fc.option(fc.oneof(anyValue, fc.dictionary(fc.string({ maxLength: 12 }), anyValue)), { nil: undefined }),
        query,
        fc.boolean(),
        async (route, segment, body, params, signedIn) => {
          const search = new URLSearchParams(
            Object.entries(params).map(([key, value]): [string, string] => [key, String(value).slice(0, 2000)]),
          ).toString();
          const path = route.url.replace(/:[A-Za-z]+/g, segment) + (search ? `?${search}` : '');
          const before = await readStoredState(testApp);
          const answer = await send(route.method, path, route.method === 'GET' ? undefined : body, signedIn);
          await checkAnswer(answer, before, path);
        },
      ),
      { numRuns: RUNS.anyRoute },
    );
  });

  it('refuses a body with any field wrong (missing, wrong type, blank, too long, out of range) and stores nothing', async () => {
    const cases = fc.oneof(
      ...ENDPOINT_SPECS.map((spec) =>
        fc
          .constantFrom(...Object.entries(spec.fields))
          .chain(([field, kindOfField]) =>
            fc.record({ spec: fc.constant(spec), field: fc.constant(field), value: invalidValueFor(kindOfField) }),
          ),
      ),
    );
    await fc.assert(
      fc.asyncProperty(cases, extraFields, async ({ spec, field, value }, extra) => {
        const body = withField({ ...extra, ...spec.valid(ctx) }, field, value);
        const before = await readStoredState(testApp);
        const answer = await send(spec.method, spec.path(ctx), body, true);
        // A refusal by the validation or the service, not by the session or anti-forgery check
        // (sign-in answers 401 to a well-formed wrong password, e.g. one of spaces).
        if (spec.operator) expect([401, 403]).not.toContain(answer.status);
        await expectRefusedLeavingNothing(answer, before, testApp);
      }),
      { numRuns: RUNS.invalidField },
    );
  });

  // Values at the edges of what the database stores, valid or not: a success or a clean 4xx.
  const edgeNumber = fc.oneof(
    fc.constantFrom(-0, 0, 5e-324, Number.MIN_VALUE, 0.1 + 0.2, 1e-7, 999_999.999_999_999_9, 100_000, 1_000_000),
    fc.constantFrom(new JsonNumber('-0'), new JsonNumber('1e-400'), new JsonNumber('1E+2'), new JsonNumber('1e400')),
    fc.constantFrom('-0', '0e0', '1e-400', '.5', '5.', '+1', '0.1e1', '00001', `${'0'.repeat(31)}1`),
  );
  const edgeTimestamp = fc.constantFrom(
    ...EDGE_TIMESTAMPS,
    '1970-01-01T00:00:00Z',
    '1970-01-01T00:00:00.000+00:00',
    '9999-12-31T23:59:59.999Z',
    '9999-12-31T23:59:59.999+23:59',
    '2038-01-19T03:14:08Z',
  );

  it('answers values at the edges of numbers and dates without a 5xx, storing them exactly or nothing', async () => {
    // Dates and numbers drawn equally often, whatever the number of fields of each kind.
    const casesOf = (kind: 'number' | 'timestamp', value: fc.Arbitrary<unknown>) =>
      fc.oneof(
        ...ENDPOINT_SPECS.flatMap((spec) =>
          Object.entries(spec.fields)
            .filter(([, field]) => field.kind === kind)
            .map(([field]) => fc.record({ spec: fc.constant(spec), field: fc.constant(field), value })),
        ),
      );
    const cases = fc.oneof(casesOf('number', edgeNumber), casesOf('timestamp', edgeTimestamp));
    await fc.assert(
      fc.asyncProperty(cases, async ({ spec, field, value }) => {
        const before = await readStoredState(testApp);
        const answer = await send(spec.method, spec.path(ctx), withField(spec.valid(ctx), field, value), true);
        expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(500);
        expect([401, 403]).not.toContain(answer.status);
        if (answer.status >= 400) {
          await expectRefusedLeavingNothing(answer, before, testApp);
          return;
        }
        // A stored number reads back as the number sent (-0 as 0).
        const sent = value instanceof JsonNumber ? Number(value.text) : Number(value);
        if (typeof answer.body === 'object' && answer.body !== null && field in answer.body) {
          expect(Object.is(answer.body[field], sent === 0 ? 0 : sent)).toBe(true);
        }
      }),
      { numRuns: RUNS.edgeValue },
    );
  });

  // Text that is well-formed but hostile is either stored exactly (trimmed) or refused cleanly.
  const textTargets = [
    {
      method: 'POST',
      path: () => '/api/admin/update-status',
      field: 'status',
      max: 100,
      read: (b: AnyBody) => b.status,
    },
    {
      method: 'POST',
      path: () => '/api/admin/location-update',
      field: 'location',
      max: 300,
      read: (b: AnyBody) => b.locationUpdates.at(-1).location,
    },
    {
      method: 'PUT',
      path: (c: SeededContext) => `/api/edit-plan/${c.planId}`,
      field: 'name1',
      max: 100,
      read: (b: AnyBody) => b.name1,
    },
    {
      method: 'PUT',
      path: (c: SeededContext) => `/api/details/${c.detailsId}`,
      field: 'phone',
      max: 40,
      read: (b: AnyBody) => b.phone,
    },
  ];

  it('stores hostile text exactly as sent (trimmed) or refuses it cleanly', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...textTargets), hostileText, async (target, text) => {
        const spec = ENDPOINT_SPECS.find((s) => s.method === target.method && s.path(ctx) === target.path(ctx))!;
        const before = await readStoredState(testApp);
        const answer = await send(target.method, target.path(ctx), { ...spec.valid(ctx), [target.field]: text }, true);
        expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(500);
        expect([401, 403]).not.toContain(answer.status);
        if (answer.status >= 400) {
          await expectRefusedLeavingNothing(answer, before, testApp);
          return;
        }
        const expected = text.trim();
        if (target.field !== 'phone') expect(expected.length).toBeGreaterThan(0);
        expect(expected.length).toBeLessThanOrEqual(target.max);
        expect(target.read(answer.body)).toBe(expected);
      }),
      { numRuns: RUNS.hostileText },
    );
  });

  it('escapes hostile text in the e-mail preview', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '" onmouseover="x'),
        async (text) => {
          const answer = await send(
            'POST',
            '/api/admin/email-preview',
            {
              to: 'ada@example.com',
              subject: text,
              templateType: 'simple',
              shipperName: text,
              customMessage: text,
              customGreeting: text,
              customSignature: text,
            },
            true,
          );
          expect(answer.status).toBe(200);
          expect(answer.body.html).not.toContain(text);
        },
      ),
      { numRuns: 3 },
    );
  });
});
