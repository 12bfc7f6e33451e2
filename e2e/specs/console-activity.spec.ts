import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, submitPackage } from '../support/api.ts';
import { launchBrowser, newContext, screenshotViewport } from '../support/browser.ts';
import { newConsoleContext, openConsolePage } from '../support/console-page.ts';

let browser: Browser;
let customer: BrowserContext;
/** The operator's context for the whole file (one sign-in); each test opens its own page. */
let operator: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  customer = await newContext(browser);
  operator = await newConsoleContext(browser);
});

afterAll(async () => {
  await browser?.close();
});

const openConsole = (screen: string) => openConsolePage(operator, screen);

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
    // The first page of entries first: a form typed into while the page still loads may be reset by it.
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    const codeField = page.getByRole('textbox', { name: 'Tracking code' });
    await codeField.fill(code);
    await expect.poll(() => codeField.inputValue()).toBe(code);
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

  it('shows changes by default, names operators by name, and stacks each entry on a 375 px phone', async () => {
    const { page } = await openConsole('/activity');
    await rows(page).first().waitFor();
    // Every test here signed in: not one "Signed in" row until sign-ins are asked for.
    expect(await rows(page).filter({ hasText: 'Signed in' }).count()).toBe(0);
    await page.getByRole('radiogroup', { name: 'Show' }).getByText('Sign-ins', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('show') === 'sign-ins');
    await expect.poll(() => rows(page).filter({ hasText: 'Signed in' }).count()).toBeGreaterThan(0);
    const targets = await rows(page).locator('td:nth-child(4)').allInnerTexts();
    expect(targets.join('\n')).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(targets[0]).toContain('Operator');

    await page.setViewportSize({ width: 375, height: 800 });
    const cards = page.getByRole('list', { name: 'Activity, newest first' }).getByRole('listitem');
    await cards.first().waitFor();
    const first = (await cards.first().textContent()) ?? '';
    for (const part of ['Signed in', 'By ', 'Operator']) expect(first).toContain(part);
    expect(await page.getByRole('table', { name: 'Activity, newest first' }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshotViewport(page, 'console-activity-375-light');
  });

  it('fits Feedback beside the header buttons at 1200 px, the narrowest width with the full navigation', async () => {
    const { page } = await openConsole('/activity');
    await rows(page).first().waitFor();
    await page.setViewportSize({ width: 1200, height: 800 });
    const last = page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Feedback' });
    const linkBox = await last.boundingBox();
    const signOutBox = await page.getByRole('button', { name: 'Sign out' }).boundingBox();
    expect(linkBox && signOutBox && linkBox.x + linkBox.width).toBeLessThan(signOutBox?.x ?? 0);
    expect(signOutBox && signOutBox.x + signOutBox.width).toBeLessThanOrEqual(1200 - 8);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1200);
    await screenshotViewport(page, 'console-activity-1200-light');
  });
});
