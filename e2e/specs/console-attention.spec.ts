// The console's "Needs attention" filter and the form of its hours, and "Running late" on the public
// tracking page. They need packages from days ago, so this spec runs a server of its own on a fresh
// DATA_DIR (a copy of the run's migrated embedded database) that the sample-data seed filled under a clock shifted a week back (support/shifted-clock.mjs,
// in the seed process only): nothing waits, and the shared server's packages stay as they are.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { copyDatabaseDir, findFreePort, type NodeProcess, startWaybillServer } from '@waybill/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi, submitPackage } from '../support/api.ts';
import {
  collectErrors,
  giveBack,
  gotoApp,
  launchBrowser,
  newContext,
  screenshot,
  takeTab,
} from '../support/browser.ts';
import { checkScreenInBothModes } from '../support/walk.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const WEEK_MS = 7 * 24 * 3_600_000;
const CONSOLE = '/console-attention';
const ADMIN = { email: 'late-desk@waybill.test', password: 'amber lantern crosses the quiet bay' };
const RUNNING_LATE = 'Running late — we are working on it';

interface ListedPackage {
  trackingCode: string;
  status: string;
  attention?: string[];
}

let dataDir: string;
let server: NodeProcess | undefined;
let baseUrl: string;
let browser: Browser;
let admin: BrowserContext;
const contexts: BrowserContext[] = [];
let listed: ListedPackage[] = [];
let freshCode: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'waybill-e2e-attention-'));
  await copyDatabaseDir(inject('e2eMigratedDatabase'), dataDir);
  const { DATABASE_URL: _shared, ...env } = process.env;
  // Nine packages, one of each listed status, submitted a week ago (estimated delivery 5 days later), by
  // the production build's seed command, as the server the spec starts is the production build.
  await promisify(execFile)(
    process.execPath,
    [
      '--import',
      path.join(repoRoot, 'e2e/support/shifted-clock.mjs'),
      'dist/db-seed.mjs',
      '--packages',
      '9',
      '--updates',
      '0',
    ],
    {
      cwd: path.join(repoRoot, 'apps/server'),
      env: { ...env, DATA_DIR: dataDir, WAYBILL_CLOCK_SHIFT_MS: String(-WEEK_MS), LOG_LEVEL: 'warn' },
    },
  ).then(() => undefined);
  const port = await findFreePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = await startWaybillServer({
    dataDir,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: undefined,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_PATH: CONSOLE,
      PUBLIC_URL: baseUrl,
      CONSOLE_SHORTCUT_NAME: 'attention-shortcut',
      CONSOLE_SHORTCUT_CODE: '318064',
      RATE_LIMITS: 'off',
      RATE_LIMIT_LOGIN: '1000/minute',
    },
  });
  browser = await launchBrowser();
  admin = await newContext(browser, { baseUrl });
  contexts.push(admin);
  expect((await callApi(admin, 'POST', '/api/auth/login', ADMIN)).status).toBe(200);
  freshCode = await submitPackage(admin);
  listed = (await callApi<ListedPackage[]>(admin, 'GET', '/api/admin/packages?attention=1&pageSize=100')).body;
  // The seed and the server each open the embedded database: seconds on a quiet machine, a minute on a
  // busy two-core one while the workers' own servers run beside them.
}, 300_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const codeOf = (status: string) => listed.find((item) => item.status === status)?.trackingCode ?? '';
const badges = (page: Page, text: string) => page.locator('[data-attention]').filter({ hasText: text });

/** A tab of `context` at `pathname`; the test gives it back (giveBack) for the next one. */
async function openAs(context: BrowserContext, pathname: string): Promise<Page> {
  const page = await takeTab(context);
  await gotoApp(page, pathname);
  return page;
}

describe('Needs attention in the console', () => {
  it('holds what the seed left a week behind, with why, and nothing new, delivered or rejected', () => {
    expect(listed.map((item) => item.status).sort()).toEqual(
      [
        'Order Placed',
        'Out for Delivery',
        'Package in sorting hub',
        'Package in transit to sorting hub',
        'Pending',
        'Processing',
        'Shipped',
      ].sort(),
    );
    expect(listed.find((item) => item.status === 'Pending')?.attention).toEqual(['pending']);
    expect(listed.find((item) => item.status === 'Shipped')?.attention).toEqual(['stale', 'late']);
    expect(listed.some((item) => item.trackingCode === freshCode)).toBe(false);
  });

  it('filters the list from a switch kept in the address, each card saying why', async () => {
    const page = await openAs(admin, CONSOLE);
    await page.getByRole('heading', { name: 'Package Management Dashboard' }).waitFor();
    await page.getByRole('article', { name: `Package ${freshCode}` }).waitFor();
    // The switch counts what it would list before it is turned on.
    await page.getByRole('switch', { name: 'Needs attention (7)' }).waitFor();
    // The switch follows the address, which changes a moment after the click.
    await page.getByRole('switch', { name: 'Needs attention' }).click();
    await page.waitForURL((url) => url.searchParams.get('attention') === '1');
    await page.getByText('Showing 1–7 of 7 packages').waitFor();
    expect(await page.getByRole('article', { name: `Package ${freshCode}` }).count()).toBe(0);
    const pending = page.getByRole('article', { name: `Package ${codeOf('Pending')}` });
    await expect
      .poll(() => pending.locator('[data-attention]').allTextContents())
      .toEqual(['Pending for over 24 hours']);
    const shipped = page.getByRole('article', { name: `Package ${codeOf('Shipped')}` });
    expect(await shipped.locator('[data-attention]').allTextContents()).toEqual([
      'No update for over 48 hours',
      'Past its estimated delivery',
    ]);
    await page.reload();
    await page.getByText('Showing 1–7 of 7 packages').waitFor();
    expect(await page.getByRole('switch', { name: 'Needs attention' }).isChecked()).toBe(true);
    await giveBack(admin, page);
  });

  it('lets the admin change the hours: a bad value is refused by its field, a good one moves the list', async () => {
    const page = await openAs(admin, `${CONSOLE}?attention=1`);
    try {
      await changeHours(page);
    } finally {
      await callApi(admin, 'PUT', '/api/admin/attention-settings', { pendingHours: 24, staleHours: 48, lateHours: 0 });
      await giveBack(admin, page);
    }
  });

  async function changeHours(page: Page): Promise<void> {
    const rules = page.getByRole('region', { name: 'Needs attention rules' });
    await rules.getByText('Pending for over 24 hours, no update for over 48 hours, or past').waitFor();
    await rules.getByRole('button', { name: 'Change hours' }).click();
    const pendingHours = rules.getByLabel('Pending for more than (hours)');
    await pendingHours.fill('0');
    await rules.getByRole('button', { name: 'Save hours' }).click();
    await rules.getByText('Pending hours must be a whole number of hours from 1 to 8760').waitFor();
    expect(
      (await callApi<{ pendingHours: number }>(admin, 'GET', '/api/admin/attention-settings')).body.pendingHours,
    ).toBe(24);

    // 200 hours is more than the week the Pending package has waited: it leaves the list.
    await pendingHours.fill('200');
    await rules.getByRole('button', { name: 'Save hours' }).click();
    await rules.getByText('Pending for over 200 hours, no update for over 48 hours').waitFor();
    await page.getByText('Showing 1–6 of 6 packages').waitFor();
    await page.getByRole('switch', { name: 'Needs attention (6)' }).waitFor();
    expect(await page.getByRole('article', { name: `Package ${codeOf('Pending')}` }).count()).toBe(0);
    expect(await badges(page, 'Pending for over').count()).toBe(0);
    expect((await callApi(admin, 'GET', '/api/admin/attention-settings')).body).toEqual({
      pendingHours: 200,
      staleHours: 48,
      lateHours: 0,
    });
    await screenshot(page, 'console-attention-saved-desktop-light');
  }

  it("checks the list with the hours form at 1280 and 375 px, light and dark, and a late package's tracking page says so", async () => {
    const cookies = await admin.cookies();
    for (const viewport of ['desktop', 'mobile'] as const) {
      // One context a width, the screen loaded once and toggled in place (support/walk.ts).
      const context = await newContext(browser, { viewport, baseUrl });
      contexts.push(context);
      await context.addCookies(cookies);
      const page = await context.newPage();
      const errors = collectErrors(page);
      await gotoApp(page, `${CONSOLE}?attention=1`);
      await badges(page, 'Pending for over 24 hours').first().waitFor();
      await page.getByRole('button', { name: 'Change hours' }).click();
      await page.getByLabel('Past the estimated delivery by more than (hours)').waitFor();
      await checkScreenInBothModes(page, errors, { name: 'Needs attention with the hours form', viewport });
      await context.close();
    }
    // The tracking page's look is the screens walk's; here, what it says of a late package.
    const tracking = await takeTab(admin);
    await gotoApp(tracking, `/track/${codeOf('Shipped')}`);
    const estimated = tracking.getByText('Estimated delivery', { exact: true });
    await estimated.waitFor();
    expect(await estimated.locator('xpath=following-sibling::*[1]').textContent()).toBe(RUNNING_LATE);
    await giveBack(admin, tracking);
  });
});

describe('Running late on the tracking page', () => {
  it('shows the estimated delivery as a date while it is ahead', async () => {
    const accepted = await callApi(admin, 'POST', '/api/admin/accept', { trackingCode: freshCode });
    expect(accepted.status).toBe(200);
    const page = await openAs(admin, `/track/${freshCode}`);
    const estimated = page.getByText('Estimated delivery', { exact: true });
    await estimated.waitFor();
    expect(await estimated.locator('xpath=following-sibling::*[1]').textContent()).toMatch(/\d{4}/);
    expect(await page.getByText(RUNNING_LATE).count()).toBe(0);
    await giveBack(admin, page);
  });
});
