import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, submitPackage } from '../support/api.ts';
import {
  axeRulesFor,
  expectNoSeriousA11yViolations,
  LOOKS,
  launchBrowser,
  newContext,
  screenshot,
} from '../support/browser.ts';
import { openConsolePage, screenshotViewport } from '../support/console-page.ts';

let browser: Browser;
let customer: BrowserContext;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  customer = await newContext(browser);
  contexts.push(customer);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function openConsole(screen: string, look: Parameters<typeof openConsolePage>[2] = {}) {
  const opened = await openConsolePage(browser, screen, look);
  contexts.push(opened.context);
  return opened;
}

const uniqueWord = () => `zq${randomBytes(4).toString('hex')}`;

/** A submitted package, accepted and shipped through the API, as the colleague at the next desk would. */
async function shippedPackage(context: BrowserContext, name: string): Promise<string> {
  const code = await submitPackage(customer, { name });
  expect((await callApi(context, 'POST', '/api/admin/accept', { trackingCode: code })).status).toBe(200);
  const shipped = await callApi(context, 'POST', '/api/admin/update-status', { trackingCode: code, status: 'Shipped' });
  expect(shipped.status).toBe(200);
  return code;
}

async function openDetails(page: Page, code: string) {
  await page
    .getByRole('article', { name: `Package ${code}` })
    .getByRole('button', { name: /, open details$/ })
    .click();
  const dialog = page.getByRole('dialog', { name: `Package ${code}` });
  await dialog.waitFor();
  return dialog;
}

const historyOf = (scope: Page | ReturnType<Page['getByRole']>, code: string) =>
  scope.getByRole('list', { name: `History of ${code}, newest first` });

const rows = (page: Page) => page.getByRole('table', { name: 'Activity, newest first' }).locator('tbody tr');

describe('package history and the Activity page', () => {
  it('shows who did what in the details dialog, newest first, and adds a change made there', async () => {
    const { page, context } = await openConsole('/');
    const code = await shippedPackage(context, `History ${uniqueWord()}`);
    await page.goto(`${page.url().split('?')[0]}?q=${code}`);
    const dialog = await openDetails(page, code);

    const history = historyOf(dialog, code);
    await history.getByText('Status changed: Order Placed → Shipped').waitFor();
    expect(await history.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/ops@waybill\.test\s+Status changed: Order Placed → Shipped$/),
      expect.stringMatching(/ops@waybill\.test\s+Package accepted: Pending → Order Placed$/),
      expect.stringMatching(/Customer\s+Package submitted$/),
    ]);

    await dialog.getByRole('textbox', { name: 'New location update' }).fill('Arrived at Lagos sorting hub');
    await dialog.getByRole('button', { name: 'Add Location' }).click();
    await history.getByText('Location added: Arrived at Lagos sorting hub').waitFor();
    const items = await history.getByRole('listitem').allInnerTexts();
    expect(items).toHaveLength(4);
    expect(items[0]).toMatch(/Location added: Arrived at Lagos sorting hub$/);
  });

  it("keeps a deleted package's entries on the Activity page, found by its code, and filters by action and date", async () => {
    const { page, context } = await openConsole('/');
    const code = await shippedPackage(context, `Deleted ${uniqueWord()}`);
    expect((await callApi(context, 'DELETE', `/api/admin/packages/${code}`)).status).toBe(200);

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Activity' }).click();
    await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor();
    await page.getByRole('textbox', { name: 'Tracking code' }).fill(code);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((url) => url.searchParams.get('target') === code);
    // The unfiltered page stays up until the filtered one arrives.
    await expect.poll(() => rows(page).count()).toBe(4);
    const texts = await rows(page).allInnerTexts();
    expect(texts.every((text) => text.includes(code))).toBe(true);
    expect(texts[0]).toContain('Package deleted');
    expect(texts[3]).toContain('Customer');

    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Status changed (package.status_changed)' }).click();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((url) => url.searchParams.get('action') === 'package.status_changed');
    await expect.poll(() => rows(page).allInnerTexts()).toEqual([expect.stringContaining('Order Placed → Shipped')]);

    // The filters live in the address: a reload shows the same view.
    await page.reload();
    await expect.poll(() => rows(page).count()).toBe(1);

    const today = new Date();
    const iso = (date: Date) =>
      `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    const tomorrow = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
    await page.getByRole('textbox', { name: 'From', exact: true }).fill(iso(tomorrow));
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('No entries match these filters.').waitFor();
    await page.getByRole('textbox', { name: 'From', exact: true }).fill(iso(today));
    await page.getByRole('textbox', { name: 'To', exact: true }).fill(iso(today));
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((url) => url.searchParams.get('to') === iso(today));
    await expect.poll(() => rows(page).count()).toBe(1);
  });

  it('has no serious accessibility violation at 375 px and desktop, light and dark, and is screenshotted', async () => {
    const { context } = await openConsole('/');
    // Accepted, not shipped: the orange Shipped badge is a contrast question of the dashboard's own.
    const code = await submitPackage(customer, { name: `Looks ${uniqueWord()}` });
    await callApi(context, 'POST', '/api/admin/accept', { trackingCode: code });
    await callApi(context, 'POST', '/api/admin/location-update', { trackingCode: code, location: 'Accra hub' });

    for (const look of LOOKS) {
      const { page } = await openConsole('/activity', look);
      await rows(page).first().waitFor();
      await expectNoSeriousA11yViolations(page, { rules: axeRulesFor(look) });
      await screenshot(page, `console-activity-${look.viewport}-${look.mode}`);
      if (look.viewport === 'mobile') {
        // The table scrolls inside itself: the page does not get wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      } else if (look.mode === 'light') {
        // The narrowest width with the full navigation still fits Activity beside the header's buttons.
        await page.setViewportSize({ width: 992, height: 800 });
        const activity = page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Activity' });
        const linkBox = await activity.boundingBox();
        const signOutBox = await page.getByRole('button', { name: 'Sign out' }).boundingBox();
        expect(linkBox && signOutBox && linkBox.x + linkBox.width).toBeLessThan(signOutBox?.x ?? 0);
        expect(signOutBox && signOutBox.x + signOutBox.width).toBeLessThanOrEqual(992 - 8);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(992);
        await screenshotViewport(page, 'console-activity-992-light');
        await page.setViewportSize({ width: 1280, height: 800 });
      }

      await page.goto(`${page.url().split('/activity')[0]}/?q=${code}`);
      const dialog = await openDetails(page, code);
      await historyOf(dialog, code).getByText('Location added: Accra hub').waitFor();
      await expectNoSeriousA11yViolations(page, { rules: axeRulesFor(look) });
      await historyOf(dialog, code).scrollIntoViewIfNeeded();
      await screenshotViewport(page, `console-activity-history-${look.viewport}-${look.mode}`);
    }
  });
});
