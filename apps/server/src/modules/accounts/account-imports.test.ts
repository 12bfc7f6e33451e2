// A business account's spreadsheet import: a good file becomes Pending shipments of the account in one
// go (BOM, a quoted line break, a formula-looking cell kept as text), a file with bad rows is answered
// with each problem's line, column and message and stores nothing, a file that cannot be imported at
// all says why (encoding, columns, row count), and an import's labels print as one PDF for its
// account only.
import { randomUUID } from 'node:crypto';
import { IMPORT_COLUMNS, IMPORT_EXAMPLE_ROW, IMPORT_NO_LABELS, IMPORT_NOT_FOUND } from '@waybill/domain';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedAccount } from '../../../test/support/accounts.ts';
import type { TestClient } from '../../../test/support/http-client.ts';
import { importCsv, importRow, postImport } from '../../../test/support/import-files.ts';
import {
  pageSizes,
  pdfFile,
  pdfText,
  removePdfFiles,
  requestBytes,
  requirePdfTools,
} from '../../../test/support/pdf-tools.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/support/test-smtp-server.ts';
import { accountImports, auditLog, packages } from '../../db/schema/index.ts';

describe.each(databasesFor('sql'))('spreadsheet imports on %s', (kind) => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;
  let operator: TestClient;
  let first: Awaited<ReturnType<typeof approvedAccount>>;
  let second: Awaited<ReturnType<typeof approvedAccount>>;

  const storedCount = async () => {
    const [row] = await testApp.app.db.select({ n: count() }).from(packages);
    return row!.n;
  };

  beforeAll(async () => {
    requirePdfTools();
    smtp = await startTestSmtpServer();
    testApp = await startTestApp(kind, { SMTP_URL: smtp.url });
    await testApp.app.mailOutbox.stop();
    operator = await testApp.operator();
    first = await approvedAccount(testApp, smtp, operator, { company: 'Ada Books' });
    second = await approvedAccount(testApp, smtp, operator, { company: 'Bola Shoes' });
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.stop();
    await removePdfFiles();
  });

  it('serves a template whose header names the columns and whose example row imports as it is', async () => {
    const template = await first.owner.get('/api/account/imports/template.csv');
    expect(template.status).toBe(200);
    expect(template.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const [header, example] = template.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toBe(IMPORT_COLUMNS.join(','));
    expect(example).toContain(IMPORT_EXAMPLE_ROW['receiver.name']);
    const imported = await postImport(first.owner, template.text, { as: 'form' });
    expect(imported.status).toBe(201);
    expect(imported.body.shipments).toEqual([expect.objectContaining({ line: 2, status: 'Pending' })]);
  });

  it('stores a good file whole as Pending shipments of the account: BOM, semicolons, a quoted line break, a formula cell as text', async () => {
    const rows = [
      importRow(1, { description: 'Fragile:\nkeep upright', 'receiver.phone': '+234 803 111 2222' }),
      importRow(2, { 'receiver.name': '=HYPERLINK("http://evil.example","Click")', pickupAddress: '9 Depot Road' }),
      importRow(3, { 'dimensions.unit': 'in', weightKg: '0.5' }),
    ];
    const csv = `\uFEFF${importCsv(rows, IMPORT_COLUMNS, ';')}`;
    const key = randomUUID();
    const before = await storedCount();
    const answer = await postImport(first.owner, csv, { idempotencyKey: key });
    expect(answer.status).toBe(201);
    expect(answer.body.shipments.map((shipment: { line: number }) => shipment.line)).toEqual([2, 3, 4]);
    const codes = answer.body.shipments.map((shipment: { trackingCode: string }) => shipment.trackingCode);

    const stored = await testApp.app.db.select().from(packages).where(eq(packages.accountId, first.accountId));
    const byCode = new Map(stored.map((row) => [row.trackingCode, row]));
    expect(codes.map((code: string) => byCode.get(code)?.status)).toEqual(['Pending', 'Pending', 'Pending']);
    expect(byCode.get(codes[0])).toMatchObject({
      description: 'Fragile:\nkeep upright',
      receiverPhone: '+234 803 111 2222',
      name: 'Ada Books',
      pickupLocation: expect.stringContaining('12 Marina'),
    });
    expect(byCode.get(codes[1])).toMatchObject({
      receiverName: '=HYPERLINK("http://evil.example","Click")',
      pickupLocation: '9 Depot Road',
    });
    expect(byCode.get(codes[2])).toMatchObject({ dimensionUnit: 'in', weight: 0.5 });

    const [made] = await testApp.app.db.select().from(accountImports).where(eq(accountImports.id, answer.body.id));
    expect(made).toMatchObject({ accountId: first.accountId, trackingCodes: codes });
    const audited = await testApp.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.shipments_imported'), eq(auditLog.targetId, first.accountId)));
    expect(audited.map((entry) => entry.after)).toContainEqual(
      expect.objectContaining({ import: answer.body.id, shipments: 3 }),
    );

    // The same file with the same key is answered again, not imported twice.
    const again = await postImport(first.owner, csv, { idempotencyKey: key });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(answer.body);
    expect(await storedCount()).toBe(before + 3);
  });

  it('lists every bad row with its line, column and message, and stores nothing', async () => {
    const rows = [
      importRow(1, { description: 'Line one\nline two' }),
      importRow(2, { 'receiver.email': '' }),
      importRow(3),
      importRow(4, { quantity: 'two', 'dimensions.unit': 'ft' }),
    ];
    const csv = `${importCsv(rows).trimEnd()}\r\n${importCsv([importRow(5)]).split('\r\n')[1]},extra\r\n`;
    const before = await storedCount();
    const answer = await postImport(first.owner, csv, { as: 'form' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      '3 rows were refused (4 problems); nothing was imported. Correct the file and import it again.',
    );
    expect(answer.body.rows).toEqual([
      { line: 3, column: 'receiver.email', message: "Receiver's email is required" },
      { line: 5, column: 'quantity', message: expect.any(String) },
      { line: 5, column: 'dimensions.unit', message: 'Dimension unit is required' },
      { line: 6, column: null, message: 'This row has 13 cells; the header row has 12.' },
    ]);
    expect(await storedCount()).toBe(before);
  });

  it('refuses a file it cannot import with a message that says why, storing nothing', async () => {
    const before = await storedCount();
    const tooMany = await postImport(first.owner, importCsv(Array.from({ length: 501 }, (_, n) => importRow(n))));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('501 rows');

    const latin1 = Buffer.from(importCsv([importRow(1, { 'receiver.name': 'José Müller' })]), 'latin1');
    const notUtf8 = await postImport(first.owner, latin1);
    expect(notUtf8.status).toBe(400);
    expect(notUtf8.body.message).toContain('not UTF-8');
    expect(notUtf8.body.message).toContain('Windows-1252');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(importCsv([importRow(1)]), 'utf16le')]);
    expect((await postImport(first.owner, utf16)).body.message).toContain('UTF-16');

    const unknown = await postImport(first.owner, importCsv([importRow(1)], [...IMPORT_COLUMNS, 'colour']));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('"colour"');
    const missing = await postImport(
      first.owner,
      importCsv(
        [importRow(1)],
        IMPORT_COLUMNS.filter((column) => column !== 'weightKg'),
      ),
    );
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('"weightKg"');
    expect((await postImport(first.owner, '')).status).toBe(400);
    expect((await postImport(first.owner, Buffer.alloc(4 * 1024 * 1024 + 100 * 1024, 'a'))).status).toBe(413);
    expect(await storedCount()).toBe(before);
  });

  it("prints an import's accepted shipments as one PDF, for its own account only", async () => {
    const answer = await postImport(first.owner, importCsv([importRow(1), importRow(2), importRow(3)]));
    expect(answer.status).toBe(201);
    const { id } = answer.body as { id: string };
    const codes = answer.body.shipments.map((shipment: { trackingCode: string }) => shipment.trackingCode);

    const pending = await first.owner.get(`/api/account/imports/${id}/labels`);
    expect(pending.status).toBe(409);
    expect(pending.body.message).toBe(IMPORT_NO_LABELS);
    for (const client of [second.owner]) {
      for (const path of [`/api/account/imports/${id}/labels`, `/api/account/imports/${randomUUID()}/labels`]) {
        const refused = await client.get(path);
        expect(refused.status, path).toBe(404);
        expect(refused.body.message).toBe(IMPORT_NOT_FOUND);
      }
    }
    expect((await first.owner.get('/api/account/imports/not-an-id/labels')).status).toBe(404);
    expect((await testApp.client().get(`/api/account/imports/${id}/labels`)).status).toBe(401);

    for (const code of [codes[0], codes[2]]) {
      expect((await operator.post('/api/admin/accept', { trackingCode: code })).status).toBe(200);
    }
    const pdf = await requestBytes(first.owner, 'GET', `/api/account/imports/${id}/labels?size=4x6`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const file = await pdfFile(pdf.bytes);
    expect(pageSizes(file)).toHaveLength(2);
    const text = pdfText(file).replaceAll(/\s+/g, '');
    expect(text).toContain(codes[0]);
    expect(text).toContain(codes[2]);
    expect(text).not.toContain(codes[1]);
  });
});
