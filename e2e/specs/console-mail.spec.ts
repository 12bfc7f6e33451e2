// The console's e-mail composer against the real server: without SMTP_URL the server writes each message
// as an .eml file into DATA_DIR/outbox, which the global setup hands to the specs. The database is shared
// by every spec of a run, so each test makes its own package and addresses and restores what it toggles.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callApi, submitPackage } from '../support/api.ts';
import {
  collectErrors,
  expectNoSeriousA11yViolations,
  giveBack,
  gotoApp,
  launchBrowser,
  screenshot,
  takeTab,
} from '../support/browser.ts';
import { newConsoleContext } from '../support/console-page.ts';
import { readE2eEnvironment } from '../support/environment.ts';

const NOTIFY_LABEL =
  'E-mail customers automatically when a package is accepted, rejected, changes status or gets a location update';

let browser: Browser;
/** The operator's context for the whole file (one sign-in): each test opens the composer in its tab. */
let operator: BrowserContext;
/** The tab of the running test, given back to the context after it. */
let tab: Page | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
  operator = await newConsoleContext(browser);
});
afterEach(async () => {
  if (tab) await giveBack(operator, tab);
  tab = undefined;
});
afterAll(async () => {
  await browser?.close();
});

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const toast = (page: Page, title: string) => page.getByRole('alert').filter({ hasText: title });
const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });
const previewFrame = (page: Page) => page.frameLocator('iframe[title="Email preview"]');

/** The composer screen of the signed-in operator, once its data has arrived. */
async function openComposer() {
  const context = operator;
  const page = await takeTab(context);
  tab = page;
  // A step that cannot happen fails with its locator, well before the test's own time limit.
  page.setDefaultTimeout(15_000);
  const errors = collectErrors(page);
  await gotoApp(page, `${readE2eEnvironment().consolePath}/contact`);
  await page.getByRole('heading', { level: 1, name: 'Send Mail' }).waitFor();
  await page.getByRole('switch', { name: NOTIFY_LABEL }).waitFor();
  return { page, context, errors };
}

/** Clicks one side of the Compose / Preview toggle. */
async function chooseMode(page: Page, mode: 'Compose' | 'Preview') {
  await page
    .locator('label')
    .filter({ hasText: new RegExp(`^${mode}$`) })
    .click();
}

/** The raw .eml the server wrote for `to` (none when no message went to that address). */
async function findOutboxMessage(to: string): Promise<string | undefined> {
  const directory = path.join(readE2eEnvironment().dataDir ?? '', 'outbox');
  const names = await readdir(directory).catch(() => [] as string[]);
  for (const name of names.filter((file) => file.endsWith('.eml'))) {
    const raw = await readFile(path.join(directory, name), 'utf8');
    if (new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}\\r?$`, 'm').test(raw)) return raw;
  }
  return undefined;
}

describe('console e-mail composer', () => {
  it('fills a package notification from a saved package, previews it escaped and sends it', async () => {
    const { page, context, errors } = await openComposer();
    const id = unique();
    const receiverEmail = `kofi+${id}@example.com`;
    const trackingCode = await submitPackage(context, {
      name: `Ada <b>Obi</b> ${id}`,
      rname: `Kofi "K" Mensah ${id}`,
      remail: receiverEmail,
      description: 'Books & <script>alert(1)</script>',
    });

    // The picker searches the server and fills the package fields under their API names.
    const picker = page.getByRole('combobox', { name: 'Fill from a saved package' });
    await picker.fill(id);
    await page.getByRole('option', { name: new RegExp(trackingCode) }).click();
    await expect.poll(() => field(page, 'Shipper Name').inputValue()).toBe(`Ada <b>Obi</b> ${id}`);
    expect(await field(page, 'Receiver Name').inputValue()).toBe(`Kofi "K" Mensah ${id}`);
    expect(await field(page, 'Receiver Email').inputValue()).toBe(receiverEmail);
    expect(await field(page, 'Shipper Address').inputValue()).toBe('12 Marina, Lagos');
    expect(await field(page, 'Package Description').inputValue()).toBe('Books & <script>alert(1)</script>');
    expect(await field(page, 'Tracking Code').inputValue()).toBe(trackingCode);
    expect(await field(page, 'Recipient Email').inputValue()).toBe(receiverEmail);
    expect(await field(page, 'Greeting').inputValue()).toBe('Hello,');
    const company = (await callApi<{ name: string }>(context, 'GET', '/api/company')).body;
    expect(await field(page, 'Signature').inputValue()).toBe(`Best regards,\n${company.name} Team`);

    // The image count appears only with the box ticked.
    await expect.poll(() => page.getByRole('textbox', { name: 'Image Count' }).count()).toBe(0);
    await page.getByRole('checkbox', { name: /Include package images/ }).check();
    await expect.poll(() => page.getByRole('textbox', { name: 'Image Count' }).count()).toBe(1);
    await page.getByRole('checkbox', { name: /Include package images/ }).uncheck();

    const subject = `Your package ${trackingCode} <is> on its way`;
    await field(page, 'Subject').fill(subject);
    await field(page, 'Message').fill('We picked it up this morning.');

    await chooseMode(page, 'Preview');
    await page.getByTestId('preview-subject').filter({ hasText: subject }).waitFor();
    const frame = previewFrame(page);
    // What was typed shows as text: the markup is escaped, and no script or element came through.
    await frame.getByText(`Ada <b>Obi</b> ${id}`).waitFor();
    await frame.getByText('Books & <script>alert(1)</script>').waitFor();
    await frame.getByText('We picked it up this morning.').waitFor();
    expect(await frame.locator('script').count()).toBe(0);
    expect(await frame.locator('b', { hasText: 'Obi' }).count()).toBe(0);
    // The frame holds the e-mail, not the console; axe cannot run inside it either (no scripts there).
    await expectNoSeriousA11yViolations(page, { exclude: ['iframe[title="Email preview"]'] });
    await screenshot(page, 'console-mail-preview-desktop-light');

    await page.getByRole('button', { name: 'Send Email' }).click();
    await toast(page, 'Email sent successfully').waitFor();
    // The composer starts afresh on the same tab.
    await expect.poll(() => field(page, 'Subject').inputValue()).toBe('');

    const log = page.getByRole('table', { name: 'Mail log' });
    const row = log.getByRole('row').filter({ hasText: receiverEmail });
    await row.waitFor();
    expect(await row.textContent()).toContain(subject);
    expect(await row.textContent()).toContain('Package Notification');
    expect(await row.textContent()).toContain('sent');

    const eml = await findOutboxMessage(receiverEmail);
    expect(eml, 'the .eml file in DATA_DIR/outbox').toBeDefined();
    expect(eml).toContain(trackingCode);
    expect(errors).toEqual([]);
  });

  it('shows the package images in the sandboxed preview', async () => {
    const { page, context, errors } = await openComposer();
    const photos = await Promise.all(
      ['#2a9d8f', '#e76f51', '#264653'].map((background) =>
        sharp({ create: { width: 800, height: 600, channels: 3, background } })
          .jpeg()
          .toBuffer(),
      ),
    );
    const trackingCode = await submitPackage(
      context,
      {},
      photos.map((bytes, index) => ({ name: `photo-${index}.jpg`, type: 'image/jpeg', bytes })),
    );
    await field(page, 'Recipient Email').fill(`images+${unique()}@example.com`);
    await field(page, 'Subject').fill('Your package photos');
    await field(page, 'Tracking Code').fill(trackingCode);
    await page.getByRole('checkbox', { name: /Include package images/ }).check();
    await field(page, 'Image Count').fill('2');

    await chooseMode(page, 'Preview');
    const images = previewFrame(page).getByRole('img');
    await expect.poll(() => images.count()).toBe(2);
    // Every image has arrived and decoded inside the frame: a refused one stays at naturalWidth 0.
    const naturalWidths = () =>
      images.evaluateAll((nodes) =>
        nodes.map((node) => ((node as HTMLImageElement).complete ? (node as HTMLImageElement).naturalWidth : -1)),
      );
    await expect.poll(naturalWidths, { timeout: 10_000 }).not.toContain(-1);
    const widths = await naturalWidths();
    expect(widths, `natural widths ${widths}`).toHaveLength(2);
    for (const width of widths) expect(width).toBeGreaterThan(0);
    // The frame stays fully sandboxed.
    expect(await page.locator('iframe[title="Email preview"]').getAttribute('sandbox')).toBe('');
    await screenshot(page, 'console-mail-preview-images-desktop-light');
    expect(errors).toEqual([]);
  });

  it('requires the message on the Simple Message tab, then sends it', async () => {
    const { page } = await openComposer();
    const to = `simple+${unique()}@example.org`;
    await page.getByRole('tab', { name: 'Simple Message' }).click();
    expect(await page.getByRole('textbox', { name: 'Shipper Name' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Send Email' }).click();
    await page.getByText('Recipient email is required').waitFor();
    await page.getByText('Subject is required').waitFor();
    await page.getByText('Message is required').waitFor();

    await field(page, 'Recipient Email').fill(to);
    await field(page, 'Subject').fill('A quick note');
    await page.getByRole('button', { name: 'Send Email' }).click();
    await page.getByText('Message is required').waitFor();
    expect(await page.getByText('Subject is required').count()).toBe(0);

    await field(page, 'Message').fill('Our depot is closed on Monday.');
    await page.getByRole('button', { name: 'Send Email' }).click();
    await toast(page, 'Email sent successfully').waitFor();
    await page.getByRole('table', { name: 'Mail log' }).getByRole('row').filter({ hasText: to }).waitFor();
    expect(await findOutboxMessage(to)).toContain('Subject: A quick note');
  });

  it('turns the automatic customer e-mails on and off', async () => {
    const { page, context } = await openComposer();
    const read = async () =>
      (await callApi<{ notifyCustomers: boolean }>(context, 'GET', '/api/admin/notification-settings')).body
        .notifyCustomers;
    const initial = await read();
    const toggle = page.getByRole('switch', { name: NOTIFY_LABEL });
    expect(await toggle.isChecked()).toBe(initial);
    try {
      await toggle.click();
      await toast(page, 'Notification setting saved').waitFor();
      await expect.poll(read).toBe(!initial);
      await expect.poll(() => toggle.isChecked()).toBe(!initial);

      await page.reload();
      await expect.poll(() => page.getByRole('switch', { name: NOTIFY_LABEL }).isChecked()).toBe(!initial);
    } finally {
      await callApi(context, 'PUT', '/api/admin/notification-settings', { notifyCustomers: initial });
    }
  });
});
