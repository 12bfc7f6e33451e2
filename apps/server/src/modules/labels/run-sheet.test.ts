// A driver's run sheet: an A4 PDF that parses, lists the stops in the run's order with what the driver
// needs at each door, and whose Code 128 barcodes scan; and the drivers Dispatch plans runs for. One
// database: the sheet reads the run and its packages as the runs' answers do.
import path from 'node:path';
import type { PackageAnswer } from '@waybill/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedPackage } from '../../../test/support/factories.ts';
import type { TestClient } from '../../../test/support/http-client.ts';
import {
  pageSizes,
  pageToPng,
  pdfFile,
  pdfLayoutText,
  pdfText,
  readBarcodes,
  removePdfFiles,
  requestBytes,
  requirePdfTools,
  TEST_RESULTS_DIR,
} from '../../../test/support/pdf-tools.ts';
import { signedInMember } from '../../../test/support/team-members.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { deliveryPreferences, packages as packageRows } from '../../db/schema/index.ts';

const A4 = { width: 595.28, height: 841.89 };
const COMPANY = 'Harbor Express';

describe.each(databasesFor('any'))('run sheets on %s', (kind) => {
  let testApp: TestApp;
  let operator: TestClient;
  let driver: { id: string };
  let packages: PackageAnswer[];
  let runId: string;
  const pictures = path.join(TEST_RESULTS_DIR, 'run-sheets');

  beforeAll(async () => {
    requirePdfTools();
    testApp = await startTestApp(kind, { COMPANY_NAME: COMPANY });
    await testApp.app.mailOutbox.stop();
    const admin = await testApp.operator();
    driver = await signedInMember(testApp, 'driver', 'Ama Driver');
    operator = (await signedInMember(testApp, 'operator', 'Opal Operator')).client;
    packages = [];
    for (let index = 0; index < 7; index++) packages.push(await acceptedPackage(testApp, admin));
    const run = await operator.post<{ id: string }>('/api/admin/runs', { driverId: driver.id, date: '2027-03-04' });
    expect(run.status).toBe(201);
    runId = run.body.id;
    // Not the order they were made in, so the sheet's order can only come from the run.
    const order = [3, 0, 6, 1, 5, 2, 4].map((index) => packages[index]!.trackingCode);
    const stops = await operator.request('PUT', `/api/admin/runs/${runId}/stops`, { json: { trackingCodes: order } });
    expect(stops.status).toBe(200);
    // The first stop's recipient chose a neighbour and wrote instructions on the tracking page.
    const [first] = await testApp.app.db
      .select({ id: packageRows.id })
      .from(packageRows)
      .where(eq(packageRows.trackingCode, order[0]!));
    await testApp.app.db.insert(deliveryPreferences).values({
      packageId: first!.id,
      instructions: 'Gate code 4412.\nRing twice.',
      safePlace: 'neighbour',
      neighbourName: 'Mrs Adu',
      neighbourHouse: 'No. 14',
      setBy: 'recipient',
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await removePdfFiles();
  });

  const sheet = (id: string, client = operator) =>
    requestBytes(client, 'GET', `/api/admin/runs/${encodeURIComponent(id)}/sheet.pdf`);
  const ordered = () => [3, 0, 6, 1, 5, 2, 4].map((index) => packages[index]!);

  it('answers an A4 portrait PDF titled "Run sheet" with the driver, the day and each stop in order', async () => {
    const answer = await sheet(runId);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toBe('inline; filename="run-sheet-2027-03-04-ama-driver.pdf"');

    const file = await pdfFile(answer.bytes);
    // Seven stops: five on the first page under the heading, two on the next.
    expect(pageSizes(file)).toEqual([A4, A4]);
    const text = pdfText(file);
    for (const expected of ['Run sheet', COMPANY, 'Ama Driver', '2027-03-04', '7 stops']) {
      expect(text).toContain(expected);
    }
    // Each stop is a block that starts with its number: its receiver, phone, address, description and
    // code, the blocks in the order of the run.
    const blocks = pdfLayoutText(file)
      .split(/^(?=\d+ {2,}\S)/m)
      .slice(1);
    expect(blocks).toHaveLength(7);
    ordered().forEach((pkg, index) => {
      const block = blocks[index]!;
      expect(block.startsWith(`${index + 1} `)).toBe(true);
      // The recipient's choices where they made some; else what the package holds, said as such.
      const notes =
        index === 0
          ? ['Leave with a neighbour: Mrs Adu, No. 14. Gate code 4412.', 'Ring twice.']
          : ['No instructions. Contents:', 'Two books and a scarf'];
      for (const field of [pkg.rname, pkg.rphone, pkg.destination, ...notes, pkg.trackingCode]) {
        expect(block.replace(/\s+/g, ' '), `stop ${index + 1}`).toContain(field);
      }
    });
    expect(text).toContain('AT THE DOOR');
    // The run's answer (the driver app's and Dispatch's) carries the same choices on the stop.
    const run = await operator.get<{ stops: { instructions: string; safePlaceWords: string | null }[] }>(
      `/api/admin/runs/${runId}`,
    );
    expect(run.body.stops.map((stop) => [stop.safePlaceWords, stop.instructions])).toEqual([
      ['Leave with a neighbour: Mrs Adu, No. 14', 'Gate code 4412.\nRing twice.'],
      ...Array(6).fill([null, '']),
    ]);
    expect(pdfText(file, 2)).toContain('Run sheet · Ama Driver · 2027-03-04 · page 2');
  });

  it('prints a Code 128 of each tracking code that scans, page by page in the order of the stops', async () => {
    const file = await pdfFile((await sheet(runId)).bytes);
    const codes = ordered().map((pkg) => `CODE-128:${pkg.trackingCode}`);
    // 150 dpi: an office printer's draft, or a phone's photo of the sheet.
    const first = readBarcodes(await pageToPng(file, 1, 150, pictures, `run-sheet-p1-${kind}`));
    const second = readBarcodes(await pageToPng(file, 2, 150, pictures, `run-sheet-p2-${kind}`));
    expect(first).toEqual(codes.slice(0, 5).sort());
    expect(second).toEqual(codes.slice(5).sort());
  });

  it('prints a sheet for a run with no stops, and answers 404 for an unknown run', async () => {
    const other = await signedInMember(testApp, 'driver', 'Ben Driver');
    const empty = await operator.post<{ id: string }>('/api/admin/runs', { driverId: other.id, date: '2027-03-04' });
    const file = await pdfFile((await sheet(empty.body.id)).bytes);
    expect(pdfText(file)).toContain('No stops on this run.');

    const unknown = await sheet('00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.json?.message).toBe('Run not found');
    expect((await sheet('not-a-run')).status).toBe(404);
  });

  it('lists the active drivers, by name, to an operator planning runs', async () => {
    const answer = await operator.get<{ id: string; name: string }[]>('/api/admin/runs/drivers');
    expect(answer.status).toBe(200);
    expect(answer.body.map((member) => member.name)).toEqual(['Ama Driver', 'Ben Driver']);
    expect(answer.body[0]!.id).toBe(driver.id);
  });
});
