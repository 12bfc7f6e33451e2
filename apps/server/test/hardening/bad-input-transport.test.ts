// A fixed corpus of broken transports and hostile files: each answer is a 4xx JSON { message },
// never a 5xx, and nothing is stored — no row, no image, no temporary file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageBytes, packageFields, packageForm, type UploadFile } from '../support/factories.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { databasesFor } from '../support/test-databases.ts';
import {
  HTML_PAGE,
  pngClaimingSize,
  RENAMED_EXECUTABLE,
  SCRIPTED_SVG,
  truncatedJpeg,
} from './support/crafted-files.ts';
import { credentialsOf, rawRequest } from './support/raw-http.ts';
import { expectRefusedLeavingNothing, readStoredState } from './support/seeded-app.ts';

interface RawCase {
  name: string;
  path: string;
  method?: string;
  contentType?: string;
  body: string;
  status: number;
}

/** A multipart body as bytes, with its content type (boundary included). */
async function multipart(fields: Record<string, string>, files: UploadFile[] = [], field = 'packageImages') {
  const form = packageForm(fields, []);
  for (const file of files) {
    form.append(field, new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/png' }), file.name);
  }
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}

const JSON_CASES: RawCase[] = [
  { name: 'malformed JSON', path: '/api/admin/accept', body: '{"trackingCode": ', status: 400 },
  { name: 'JSON with trailing garbage', path: '/api/admin/accept', body: '{"trackingCode":"A"} x', status: 400 },
  { name: 'an empty JSON body', path: '/api/admin/accept', body: '', status: 400 },
  { name: 'a JSON array', path: '/api/create-plan', body: '[]', status: 400 },
  { name: 'JSON null', path: '/api/details', body: 'null', status: 400 },
  { name: 'a JSON string', path: '/api/send-email', body: '"to=ada@example.com"', status: 400 },
  {
    name: 'a __proto__ key',
    path: '/api/admin/accept',
    body: '{"trackingCode":"A","__proto__":{"isAdmin":true}}',
    status: 400,
  },
  {
    name: 'a constructor.prototype key',
    path: '/api/auth/login',
    body: '{"email":"a@b.c","password":"x","constructor":{"prototype":{"isAdmin":true}}}',
    status: 400,
  },
  {
    name: 'arrays nested 50 000 deep',
    path: '/api/details',
    body: `{"address":${'['.repeat(50_000)}${']'.repeat(50_000)}}`,
    status: 400,
  },
  {
    name: 'a NUL 50 000 arrays deep',
    path: '/api/details',
    body: `{"address":${'['.repeat(50_000)}"\\u0000"${']'.repeat(50_000)}}`,
    status: 400,
  },
  { name: 'text/plain', path: '/api/admin/accept', contentType: 'text/plain', body: 'trackingCode=A', status: 400 },
  { name: 'XML', path: '/api/create-plan', contentType: 'application/xml', body: '<plan/>', status: 415 },
  {
    name: 'a form-encoded body',
    path: '/api/auth/login',
    contentType: 'application/x-www-form-urlencoded',
    body: 'email=a%40b.c&password=x',
    status: 415,
  },
  {
    name: 'a JSON body over the 256 KB limit',
    path: '/api/admin/location-update',
    body: JSON.stringify({ trackingCode: 'A', location: 'x'.repeat(300_000) }),
    status: 413,
  },
  {
    name: 'a public JSON body over the limit',
    path: '/api/console-shortcut',
    body: JSON.stringify({ name: 'x'.repeat(300_000), code: '1' }),
    status: 413,
  },
  { name: 'a JSON body to the multipart route', path: '/api/submit-package', body: '{"name":"Ada"}', status: 415 },
  {
    name: 'a NUL in a JSON field',
    path: '/api/admin/location-update',
    body: '{"trackingCode":"A","location":"Dock\\u0000 7"}',
    status: 400,
  },
  {
    name: 'an unpaired surrogate in a JSON field',
    path: '/api/create-plan',
    body: '{"name1":"\\ud800","name2":"b","name3":"c","price1":1,"price2":1,"price3":1}',
    status: 400,
  },
  { name: 'a NUL in a tracking code', method: 'GET', path: '/api/track/ABC%00DEF', body: '', status: 400 },
  { name: 'a NUL in a console path', method: 'DELETE', path: '/api/admin/packages/%00', body: '', status: 400 },
];

const FILE_CASES: {
  name: string;
  files: () => Promise<UploadFile[]>;
  status: number;
  message: RegExp;
  field?: string;
}[] = [
  {
    name: 'an executable renamed to .jpg',
    files: async () => [{ name: 'photo.jpg', data: RENAMED_EXECUTABLE, type: 'image/jpeg' }],
    status: 400,
    message: /^photo\.jpg is not a supported image/,
  },
  {
    name: 'an SVG with a script',
    files: async () => [{ name: 'logo.svg', data: SCRIPTED_SVG, type: 'image/svg+xml' }],
    status: 400,
    message: /^logo\.svg is not a supported image/,
  },
  {
    name: 'an HTML page named .png',
    files: async () => [{ name: 'page.png', data: HTML_PAGE }],
    status: 400,
    message: /^page\.png is not a supported image/,
  },
  {
    name: 'a truncated JPEG',
    files: async () => [{ name: 'half.jpg', data: await truncatedJpeg(), type: 'image/jpeg' }],
    status: 400,
    message: /^half\.jpg is not a supported image/,
  },
  {
    name: 'a tiny PNG claiming 30 000 × 30 000 pixels',
    files: async () => [{ name: 'bomb.png', data: pngClaimingSize(30_000, 30_000) }],
    status: 400,
    message: /^bomb\.png has too many pixels/,
  },
  {
    name: 'six images',
    files: async () => Array.from({ length: 6 }, (_, index) => ({ name: `p${index}.png`, data: SMALL_PNG })),
    status: 400,
    message: /^At most 5 images/,
  },
  {
    name: 'an 11 MB file',
    files: async () => [{ name: 'huge.png', data: Buffer.concat([SMALL_PNG, Buffer.alloc(11 * 1024 * 1024)]) }],
    status: 413,
    message: /^huge\.png is larger than 10 MB/,
  },
  {
    name: 'a good image after a bad one',
    files: async () => [
      { name: 'ok.png', data: SMALL_PNG },
      { name: 'bad.gif', data: Buffer.from('GIF89a not really') },
    ],
    status: 400,
    message: /^bad\.gif is not a supported image/,
  },
  {
    name: 'an image in an unexpected field',
    files: async () => [{ name: 'ok.png', data: SMALL_PNG }],
    field: 'avatar',
    status: 400,
    message: /^Unexpected file field/,
  },
];

let SMALL_PNG: Buffer;

// One database: broken transports and files are refused before the database.
describe.each(databasesFor('any'))('broken transports and hostile files on %s', (kind) => {
  let testApp: TestApp;
  let operatorHeaders: Record<string, string>;

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    operatorHeaders = await credentialsOf(await testApp.operator());
    SMALL_PNG = await imageBytes('png');
  });
  afterAll(() => testApp?.close());

  it.each(JSON_CASES)('refuses $name with $status', async (testCase) => {
    const before = await readStoredState(testApp);
    const method = testCase.method ?? 'POST';
    const answer = await rawRequest(testApp.baseUrl, {
      method,
      path: testCase.path,
      headers: {
        ...operatorHeaders,
        ...(method === 'GET' ? {} : { 'content-type': testCase.contentType ?? 'application/json' }),
      },
      body: method === 'GET' ? undefined : testCase.body,
    });
    expect(answer.status, answer.text.slice(0, 200)).toBe(testCase.status);
    await expectRefusedLeavingNothing(answer, before, testApp);
  });

  it.each(FILE_CASES)('refuses a submission with $name', async (testCase) => {
    const before = await readStoredState(testApp);
    const { body, contentType } = await multipart(packageFields(), await testCase.files(), testCase.field);
    const answer = await rawRequest(testApp.baseUrl, {
      method: 'POST',
      path: '/api/submit-package',
      headers: { ...operatorHeaders, 'content-type': contentType },
      body,
    });
    expect(answer.status, answer.text.slice(0, 200)).toBe(testCase.status);
    expect(answer.body.message).toMatch(testCase.message);
    await expectRefusedLeavingNothing(answer, before, testApp);
  });

  it.each([
    [
      'a NUL in a text field',
      async () => multipart(packageFields({ description: 'Books\u0000' }), [{ name: 'ok.png', data: SMALL_PNG }]),
    ],
    ['a 100 KB text field', async () => multipart(packageFields({ pickupLocation: 'x'.repeat(100_000) }))],
    [
      '100 form fields',
      async () => {
        const fields: Record<string, string> = packageFields();
        for (let index = 0; index < 100; index++) fields[`extra${index}`] = 'x';
        return multipart(fields);
      },
    ],
    [
      'a body cut off in the middle',
      async () => {
        const { body, contentType } = await multipart(packageFields(), [{ name: 'ok.png', data: SMALL_PNG }]);
        return { body: body.subarray(0, body.length - 200), contentType };
      },
    ],
    [
      'multipart without a boundary',
      async () => ({ body: Buffer.from('--x\r\n'), contentType: 'multipart/form-data' }),
    ],
    [
      'a JSON body labelled multipart',
      async () => ({ body: Buffer.from('{"name":"Ada"}'), contentType: 'multipart/form-data; boundary=abc' }),
    ],
  ])('refuses a submission with %s', async (_name, build) => {
    const before = await readStoredState(testApp);
    const { body, contentType } = await build();
    const answer = await rawRequest(testApp.baseUrl, {
      method: 'POST',
      path: '/api/submit-package',
      headers: { ...operatorHeaders, 'content-type': contentType },
      body,
    });
    await expectRefusedLeavingNothing(answer, before, testApp);
  });
});
