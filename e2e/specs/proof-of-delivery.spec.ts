// Proof of delivery in the browser: an operator sets a package Delivered from its card, takes a photo
// with Chromium's fake camera, draws a signature and saves; the details dialog shows the proof; the
// public tracking page shows the date and the receiver's initials only, never a name or an image.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInAsOperator, submitPackage } from '../support/api.ts';
import { launchBrowser, newContext, openPage, screenshotViewport } from '../support/browser.ts';
import { openConsolePage } from '../support/console-page.ts';
import { sign } from '../support/signature.ts';

const run = promisify(execFile);
const RECEIVER = 'Ama Serwaa Boateng';

let browser: Browser;
let cameraBrowser: Browser;
let operator: BrowserContext;
let workDir: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'waybill-proof-'));
  // Two seconds of a test pattern: what the fake camera shows, and so what "Take photo" snaps.
  const video = path.join(workDir, 'camera.y4m');
  await run('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=640x480:rate=10',
    '-t',
    '2',
    '-pix_fmt',
    'yuv420p',
    video,
  ]);
  [browser, cameraBrowser] = await Promise.all([
    launchBrowser(),
    launchBrowser([
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ]),
  ]);
  operator = await newContext(browser);
  contexts.push(operator);
  await signInAsOperator(operator);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await cameraBrowser?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** An accepted package with a shipper name of its own, found again by search: its code. */
async function acceptedPackage(name: string): Promise<string> {
  const code = await submitPackage(operator, { name });
  expect((await callApi(operator, 'POST', '/api/admin/accept', { trackingCode: code })).status).toBe(200);
  return code;
}

const card = (page: Page, code: string) => page.getByRole('article', { name: `Package ${code}` });

async function chooseDelivered(page: Page, code: string): Promise<Locator> {
  await card(page, code).getByRole('combobox', { name: 'Update status' }).click();
  await page.getByRole('option', { name: 'Delivered', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Proof of delivery' });
  await dialog.waitFor();
  return dialog;
}

describe('proof of delivery', () => {
  it('records who received a package, a camera photo and a drawn signature; the public page shows initials only', async () => {
    const code = await acceptedPackage('Proof camera');
    const { page, context, errors } = await openConsolePage(cameraBrowser, `/?q=${code}`, { viewport: 'mobile' });
    contexts.push(context);
    const dialog = await chooseDelivered(page, code);
    await dialog.getByRole('textbox', { name: 'Received by' }).fill(RECEIVER);
    await dialog.getByRole('button', { name: 'Open camera' }).click();
    const video = dialog.getByLabel('Camera');
    await video.waitFor();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth)).toBe(640);
    await dialog.getByRole('button', { name: 'Take photo' }).click();
    await dialog.getByTestId('proof-photo-preview').waitFor();
    await sign(page, dialog);
    await screenshotViewport(page, 'proof-of-delivery-form-mobile-light');
    await dialog.getByRole('button', { name: 'Save proof and set Delivered' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });
    await card(page, code).getByText('Delivered', { exact: true }).first().waitFor();

    // Stored: the snapshot as a WebP and the drawing as a PNG, served to the operator only.
    const { body: proof } = await callApi<Record<string, string>>(operator, 'GET', `/api/admin/packages/${code}/proof`);
    expect(proof).toMatchObject({ receivedBy: RECEIVER });
    const photo = await operator.request.get(proof.photoUrl!);
    expect([photo.status(), photo.headers()['content-type'], photo.headers()['cache-control']]).toEqual([
      200,
      'image/webp',
      'no-store',
    ]);
    const signature = await operator.request.get(proof.signatureUrl!);
    expect(signature.headers()['content-type']).toBe('image/png');
    // A drawn stroke: the PNG holds more than an empty white box would compress to.
    expect((await signature.body()).length).toBeGreaterThan(1000);

    // The details dialog shows the proof, its pictures loaded through the operator's session.
    await card(page, code)
      .getByRole('button', { name: /, open details$/ })
      .click();
    const details = page.getByRole('dialog', { name: `Package ${code}` });
    const section = details.getByRole('region', { name: 'Proof of delivery' });
    await section.getByTestId('proof-received-by').getByText(RECEIVER).waitFor();
    for (const name of ['Delivery photo', `Signature of ${RECEIVER}`]) {
      const image = section.getByRole('img', { name });
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    }
    await screenshotViewport(page, 'proof-of-delivery-details-mobile-light');
    expect(errors.filter((text) => !/Failed to load resource/.test(text))).toEqual([]);

    // The public page: the date and the initials, no name, no image of the proof, and none reachable.
    const visitor = await openPage(browser, `/track/${code}`);
    contexts.push(visitor.context);
    const line = visitor.page.getByTestId('tracking-delivery');
    await line.waitFor();
    expect(await line.textContent()).toMatch(/^Delivered on .+, received by A\. S\. B\.$/);
    const html = await visitor.page.content();
    expect(html).not.toMatch(/Serwaa|Boateng|\/proof\//);
    const sources = await visitor.page
      .locator('img')
      .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src));
    expect(sources.filter((src) => /proof|signature|uploads/.test(src))).toEqual([]);
    expect((await visitor.context.request.get(proof.photoUrl!)).status()).toBe(401);
  });

  it('asks who received the package before saving, and Cancel leaves it as it was', async () => {
    const formCode = await acceptedPackage('Proof required name');
    const { page, close } = await openConsolePage(browser, `/?q=${formCode}`);
    const dialog = await chooseDelivered(page, formCode);
    // A name is required: the refusal is said under the field and nothing is sent.
    await dialog.getByRole('button', { name: 'Save proof and set Delivered' }).click();
    await dialog.getByText('Enter who received the package').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    const { body } = await callApi<{ status: string }>(operator, 'GET', `/api/admin/packages/${formCode}`);
    expect(body.status).toBe('Order Placed');
    await close();
  });

  it("shows a proof recorded through the API in the details, and the receiver's initials on the tracking page", async () => {
    const proofCode = await acceptedPackage('Proof through the API');
    const xsrf = (await operator.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')!.value;
    const recorded = await operator.request.post('/api/admin/proof-of-delivery', {
      headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
      multipart: { trackingCode: proofCode, receivedBy: 'Kwame Asante' },
    });
    expect(recorded.status()).toBe(200);
    const { page, close } = await openConsolePage(browser, `/?q=${proofCode}`);
    await card(page, proofCode)
      .getByRole('button', { name: /, open details$/ })
      .click();
    const details = page.getByRole('dialog', { name: `Package ${proofCode}` });
    await details.getByRole('region', { name: 'Proof of delivery' }).getByText('Kwame Asante').waitFor();

    await page.goto(`/track/${proofCode}`);
    const line = page.getByTestId('tracking-delivery');
    await line.waitFor();
    expect(await line.textContent()).toMatch(/received by K\. A\.$/);
    await close();
  });
});
