import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInAsOperator, submitPackage } from '../support/api.ts';
import { launchBrowser, newContext, screenshotViewport } from '../support/browser.ts';
import { openConsolePage } from '../support/console-page.ts';
import { readE2eEnvironment } from '../support/environment.ts';

const run = promisify(execFile);

let browser: Browser;
let cameraBrowser: Browser | undefined;
let customer: BrowserContext;
let operator: BrowserContext;
let workDir: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  customer = await newContext(browser);
  contexts.push(customer);
  operator = await newContext(browser);
  contexts.push(operator);
  await signInAsOperator(operator);
  workDir = await mkdtemp(path.join(tmpdir(), 'waybill-scan-'));
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await cameraBrowser?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** A customer's package, accepted by the operator (a status can be set only after that): its code. */
async function acceptedPackage(name: string): Promise<string> {
  const code = await submitPackage(customer, { name });
  expect((await callApi(operator, 'POST', '/api/admin/accept', { trackingCode: code })).status).toBe(200);
  return code;
}

/** A code in the tracking-code alphabet that no package has (a real one is random over 59 bits). */
function unknownCode(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  return [...randomBytes(12)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

const row = (page: Page, code: string) =>
  page.getByRole('list', { name: 'Scanned packages' }).getByRole('listitem', { name: `Package ${code}` });

async function statusOf(context: BrowserContext, code: string): Promise<string> {
  const { body } = await callApi<{ status: string }>(context, 'GET', `/api/admin/packages/${code}`);
  return body.status;
}

async function locationsOf(context: BrowserContext, code: string): Promise<string[]> {
  const { body } = await callApi<{ locationUpdates: { location: string }[] }>(
    context,
    'GET',
    `/api/admin/packages/${code}`,
  );
  return body.locationUpdates.map((update) => update.location);
}

/** Types into the code box the way the operator does: the text, then the Add button. */
async function typeCode(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Tracking code' }).fill(text);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
}

/** A USB or Bluetooth scanner: a keyboard that types the code fast and presses Enter. */
async function wedgeScan(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Tracking code' });
  await box.focus();
  await page.keyboard.type(text, { delay: 5 });
  await page.keyboard.press('Enter');
}

async function chooseStatus(page: Page, option: string): Promise<void> {
  await page.getByRole('combobox', { name: 'New status' }).selectOption(option);
}

describe('scan packages', () => {
  it('adds typed and scanner-typed codes once, marks an unknown one and applies a status and a location', async () => {
    const [first, second, third] = [
      await acceptedPackage('Scan one'),
      await acceptedPackage('Scan two'),
      await acceptedPackage('Scan three'),
    ];
    const missing = unknownCode();
    const { page, context, errors } = await openConsolePage(browser, '/scan');
    contexts.push(context);
    await page.getByRole('heading', { name: 'Scan packages', level: 1 }).waitFor();
    expect(await page.title()).toBe('Scan packages | Waybill Console');
    // This browser has no camera: the page says so, and typing still works.
    await page.getByRole('alert').filter({ hasText: 'Camera not available' }).waitFor();

    await typeCode(page, first.toLowerCase());
    await row(page, first).getByText('Order Placed', { exact: true }).waitFor();
    await wedgeScan(page, `http://labels.example/track/${second}`);
    await row(page, second).getByText('Order Placed', { exact: true }).waitFor();
    await wedgeScan(page, third);
    await row(page, third).getByText('Order Placed', { exact: true }).waitFor();
    await wedgeScan(page, missing);
    await row(page, missing).getByText('Unknown code', { exact: true }).waitFor();

    await wedgeScan(page, first);
    await page
      .getByRole('status')
      .filter({ hasText: `${first} is already in the list` })
      .waitFor();
    await typeCode(page, 'NOT-A-CODE');
    await page.getByRole('status').filter({ hasText: '"NOT-A-CODE" is not a tracking code' }).waitFor();
    const list = page.getByRole('list', { name: 'Scanned packages' });
    expect(await list.getByRole('listitem').count()).toBe(4);
    await page.getByRole('heading', { name: 'Scanned packages (4)' }).waitFor();

    // Gone by the time the list is applied: its row reports the server's refusal.
    expect((await callApi(context, 'DELETE', `/api/admin/packages/${third}`)).status).toBe(200);

    await chooseStatus(page, 'Package in sorting hub');
    await page.getByRole('textbox', { name: 'Location update' }).fill('Kumasi hub, bay 4');
    const apply = page.getByRole('button', { name: 'Apply to 3 packages' });
    await apply.dblclick();
    const summary = page.getByRole('status').filter({ hasText: '2 done, 1 failed' });
    await summary.waitFor({ timeout: 20_000 });
    await summary.getByText(third).waitFor();

    for (const code of [first, second]) {
      await row(page, code).getByText('Package in sorting hub', { exact: true }).waitFor();
      await row(page, code).getByText('Done', { exact: true }).waitFor();
      expect(await statusOf(context, code)).toBe('Package in sorting hub');
      // Once, though the button was double-clicked.
      expect(await locationsOf(context, code)).toEqual(['Kumasi hub, bay 4']);
    }
    await row(page, third)
      .getByText(/^Failed: /)
      .waitFor();
    // The unknown code was never sent.
    expect(await summary.getByText(missing).count()).toBe(0);

    await row(page, missing)
      .getByRole('button', { name: `Remove ${missing}` })
      .click();
    await page.getByRole('heading', { name: 'Scanned packages (3)' }).waitFor();
    await page.getByRole('button', { name: 'Clear list' }).click();
    await page.getByRole('heading', { name: 'Scanned packages (0)' }).waitFor();
    // The unknown code is an empty answer, not a failed request the browser logs.
    expect(errors).toEqual([]);
  });

  it("reads a rendered label's barcode through Chromium's fake camera and lists the package with its status", async () => {
    const code = await acceptedPackage('Camera scan');
    const video = await filmLabel(operator, code);

    cameraBrowser = await launchBrowser([
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ]);
    const { page, context, errors } = await openConsolePage(cameraBrowser, '/scan', { viewport: 'mobile' });
    contexts.push(context);
    await page.getByText('Hold a label inside the frame.').waitFor({ timeout: 30_000 });
    await row(page, code).getByText('Order Placed', { exact: true }).waitFor({ timeout: 30_000 });
    // The Code 128 and the QR code of one label are one scan: no "already in the list" notice, however
    // many more frames of the label the camera shows the reader (ten here, a second of video).
    await page.getByLabel('Camera').evaluate(
      (video: HTMLVideoElement) =>
        new Promise<void>((resolve) => {
          let frames = 0;
          const count = () => (++frames >= 10 ? resolve() : video.requestVideoFrameCallback(count));
          video.requestVideoFrameCallback(count);
        }),
    );
    expect(await page.getByRole('list', { name: 'Scanned packages' }).getByRole('listitem').count()).toBe(1);
    expect(await page.getByText('is already in the list').count()).toBe(0);
    // Decoded by the WebAssembly reader (Debian's Chromium has no BarcodeDetector), from our own origin.
    const wasm = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => name.endsWith('.wasm')),
    );
    expect(wasm).toHaveLength(1);
    expect(wasm[0]?.startsWith(`${readE2eEnvironment().baseUrl}/assets/zxing_reader-`), wasm[0]).toBe(true);
    expect(errors.filter((text) => !/Failed to load resource/.test(text))).toEqual([]);
    await screenshotViewport(page, 'console-scan-camera-mobile-light');
  });

  it('keeps Apply on screen under the thumb at the top and the end of the page, at 375 px and on the desktop', async () => {
    const codes = [await acceptedPackage('Look one'), await acceptedPackage('Look two')];
    const missing = unknownCode();
    for (const viewport of ['desktop', 'mobile'] as const) {
      const { page, close } = await openConsolePage(browser, '/scan', { viewport });
      for (const code of [...codes, missing]) await typeCode(page, code);
      await row(page, missing).getByText('Unknown code').waitFor();
      for (const code of codes)
        await row(page, code)
          .getByText(/^(Order Placed|Processing)$/)
          .waitFor();
      await chooseStatus(page, 'Processing');
      await page.getByRole('button', { name: /^Apply to \d+ packages$/ }).click();
      await page.getByRole('status').filter({ hasText: ' done, 0 failed' }).waitFor({ timeout: 20_000 });

      const { height } = page.viewportSize()!;
      // The main button is on screen at the bottom, under the thumb, at the top of the page and at its end.
      for (const end of ['top', 'bottom'] as const) {
        await page.evaluate(
          (where) => window.scrollTo(0, where === 'top' ? 0 : document.documentElement.scrollHeight),
          end,
        );
        const button = await page.getByRole('button', { name: /^Apply to / }).boundingBox();
        expect(button).not.toBeNull();
        expect(button!.y + button!.height).toBeLessThanOrEqual(height);
        expect(button!.y).toBeGreaterThan(height - 100);
        expect(button!.height).toBeGreaterThanOrEqual(44);
        // Viewport pictures: a full-page one would show the fixed header and the bottom bar mid-page.
        await screenshotViewport(page, `console-scan-${viewport}-light-${end}`);
      }
      await close();
    }
  });
});

/**
 * A few seconds of video of the package's 4x6 label, as Chromium's fake camera reads it (.y4m):
 * the label PDF from the API, drawn to PNG by pdftoppm, laid on a 1280x960 frame by ffmpeg.
 */
async function filmLabel(context: BrowserContext, code: string): Promise<string> {
  const response = await context.request.get(`/api/admin/packages/${code}/label?size=4x6`);
  expect(response.status()).toBe(200);
  const pdf = path.join(workDir, `${code}.pdf`);
  await writeFile(pdf, await response.body());
  const pngBase = path.join(workDir, code);
  await run('pdftoppm', ['-png', '-r', '200', '-singlefile', pdf, pngBase]);
  const video = path.join(workDir, `${code}.y4m`);
  await run('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-loop',
    '1',
    '-i',
    `${pngBase}.png`,
    '-t',
    '2',
    '-r',
    '10',
    '-vf',
    'scale=1280:960:force_original_aspect_ratio=decrease,pad=1280:960:(ow-iw)/2:(oh-ih)/2:color=white',
    '-pix_fmt',
    'yuv420p',
    video,
  ]);
  return video;
}
