import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, submitPackage } from '../support/api.ts';
import { gotoApp, launchBrowser, newContext, runAxe } from '../support/browser.ts';
import { newConsoleContext, openConsolePage } from '../support/console-page.ts';
import { readE2eEnvironment } from '../support/environment.ts';

let browser: Browser;
let customer: BrowserContext;
/** The operator's contexts for the whole file (one sign-in): each test opens its own page. */
const operator = {} as Record<'desktop' | 'mobile', BrowserContext>;
let photo: Buffer;

beforeAll(async () => {
  browser = await launchBrowser();
  customer = await newContext(browser);
  operator.desktop = await newConsoleContext(browser);
  operator.mobile = await newConsoleContext(browser, { viewport: 'mobile' });
  photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a9d8f' } })
    .jpeg()
    .toBuffer();
});

afterAll(async () => {
  await browser?.close();
});

/** A word no other test's packages contain, to find this test's packages by search. */
const uniqueWord = () => `zq${randomBytes(4).toString('hex')}`;

/** A signed-in console page at `screen` (relative to the console prefix). */
function openConsole(
  screen: string,
  { viewport = 'desktop' }: { viewport?: 'desktop' | 'mobile' } = {},
): Promise<{ page: Page; context: BrowserContext }> {
  return openConsolePage(operator[viewport], screen);
}

const card = (page: Page, code: string) => page.getByRole('article', { name: `Package ${code}` });
/** The card's summary button; axe's label-content-name-mismatch rule checks its name holds what it shows. */
const detailsButton = (page: Page, code: string) => card(page, code).getByRole('button', { name: /, open details$/ });

/** Matches `text` exactly as written (a plain string in hasText ignores case: SPEC's messages do not). */
const exactly = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** The toast with this title (and message, when given), each as SPEC writes it, appears. */
async function expectToast(page: Page, title: string, message?: string): Promise<void> {
  let toast = page.getByRole('alert').filter({ hasText: exactly(title) });
  if (message) toast = toast.filter({ hasText: exactly(message) });
  await toast.first().waitFor({ timeout: 10_000 });
}

async function chooseStatus(page: Page, scope: Locator, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: 'Update status' }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function statusOf(context: BrowserContext, code: string): Promise<string> {
  const { body } = await callApi<{ status: string }>(context, 'GET', `/api/track/${code}`);
  return body.status;
}

describe('package management dashboard', () => {
  it('accepts one Pending package and rejects another, each with its toast and new badge', async () => {
    const word = uniqueWord();
    const toAccept = await submitPackage(customer, { name: `Accept ${word}` });
    const toReject = await submitPackage(customer, { name: `Reject ${word}` });
    const { page, context } = await openConsole(`/?q=${word}`);

    const accepted = card(page, toAccept);
    await accepted.waitFor();
    expect(await accepted.getByText('Pending', { exact: true }).count()).toBe(1);
    await accepted.getByRole('button', { name: 'Accept', exact: true }).click();
    await expectToast(page, 'Package Accepted');
    await accepted.getByText('Order Placed', { exact: true }).first().waitFor();
    expect(await accepted.getByRole('button', { name: 'Accept', exact: true }).count()).toBe(0);
    expect(await statusOf(context, toAccept)).toBe('Order Placed');

    const rejected = card(page, toReject);
    await rejected.getByRole('button', { name: 'Reject', exact: true }).click();
    await expectToast(page, 'Package Rejected');
    await rejected.getByText('Rejected', { exact: true }).first().waitFor();
    expect(await statusOf(context, toReject)).toBe('Rejected');
  });

  it('sets a listed status, warns on a blank custom status and saves a custom one', async () => {
    const word = uniqueWord();
    const code = await submitPackage(customer, { name: `Status ${word}` });
    const { page, context } = await openConsole(`/?q=${code}`);
    await card(page, code).getByRole('button', { name: 'Accept', exact: true }).click();
    await expectToast(page, 'Package Accepted');

    await chooseStatus(page, card(page, code), 'Shipped');
    await expectToast(page, 'Status Updated', `Package ${code} is now Shipped`);
    await expect.poll(() => statusOf(context, code)).toBe('Shipped');

    await chooseStatus(page, card(page, code), 'Custom Status');
    await card(page, code).getByRole('button', { name: 'Submit Status' }).click();
    await expectToast(page, 'Custom Status Required', 'Enter a custom status');
    expect(await statusOf(context, code)).toBe('Shipped');

    await card(page, code).getByRole('textbox', { name: 'Custom status' }).fill('Held at customs');
    await card(page, code).getByRole('button', { name: 'Submit Status' }).click();
    await expectToast(page, 'Custom Status Updated');
    await card(page, code).getByText('Held at customs', { exact: true }).waitFor();
    expect(await statusOf(context, code)).toBe('Held at customs');
  });

  it('adds and deletes a location update in the details dialog, and the customer tracking page follows', async () => {
    const code = await submitPackage(customer, { name: `Location ${uniqueWord()}`, description: 'Ceramic vase' }, [
      { name: 'vase.jpg', type: 'image/jpeg', bytes: photo },
    ]);
    const { page, context } = await openConsole(`/?q=${code}`);
    const thumbnail = card(page, code).getByRole('img', { name: `Package ${code}` });
    expect(await thumbnail.getAttribute('loading')).toBe('lazy');
    expect(await thumbnail.getAttribute('src')).toMatch(/^\/uploads\//);

    await detailsButton(page, code).click();
    const dialog = page.getByRole('dialog', { name: `Package ${code}` });
    await dialog.waitFor();
    for (const text of ['Ceramic vase', '30 × 20 × 10 cm', '6000.00 cm³', '1.5 kg', 'Kofi Mensah']) {
      await dialog.getByText(text, { exact: true }).first().waitFor();
    }
    const fullSize = dialog.getByRole('link', { name: 'Open image 1 of 1 full size' });
    expect(await fullSize.getAttribute('href')).toMatch(/^\/uploads\//);

    await dialog.getByRole('button', { name: 'Add Location' }).click();
    await expectToast(page, 'Location Required', 'Enter a location update');

    await dialog.getByRole('textbox', { name: 'New location update' }).fill('Arrived at Lagos sorting hub');
    await dialog.getByRole('button', { name: 'Add Location' }).click();
    await expectToast(page, 'Location Update Added');
    await dialog.getByRole('cell', { name: 'Arrived at Lagos sorting hub', exact: true }).waitFor();

    const tracking = await context.newPage();
    await gotoApp(tracking, `/track/${code}`);
    await tracking.getByText('Arrived at Lagos sorting hub').first().waitFor();

    await dialog.getByRole('button', { name: /^Delete location update Arrived at Lagos sorting hub/ }).click();
    await expectToast(page, 'Location Update Deleted');
    await dialog.getByText('No location updates yet.').waitFor();

    await gotoApp(tracking, `/track/${code}`);
    await tracking.getByText('No location updates available').first().waitFor();
    expect(await tracking.getByText('Arrived at Lagos sorting hub').count()).toBe(0);
  });

  it('deletes a package for good only after the confirmation', async () => {
    const code = await submitPackage(customer, { name: `Delete ${uniqueWord()}` });
    const { page, context } = await openConsole(`/?q=${code}`);
    await card(page, code).click();
    const dialog = page.getByRole('dialog', { name: `Package ${code}` });
    await dialog.getByRole('button', { name: 'Delete Entire Package' }).click();

    const confirm = page.getByRole('dialog', { name: 'Delete this package?' });
    await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect((await callApi(context, 'GET', `/api/admin/packages/${code}`)).status).toBe(200);

    await dialog.getByRole('button', { name: 'Delete Entire Package' }).click();
    await confirm.getByRole('button', { name: 'Delete Package' }).click();
    await expectToast(page, 'Package Deleted', `Package ${code} was permanently removed`);
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('No packages match your search or filter.').waitFor();
    expect((await callApi(context, 'GET', `/api/track/${code}`)).status).toBe(404);
  });

  it('searches by name, e-mail or code and filters by status with a count per status', async () => {
    const word = uniqueWord();
    const first = await submitPackage(customer, { name: `Search ${word}`, email: `${word}@example.com` });
    const second = await submitPackage(customer, { rname: `Receiver ${word}` });
    const { page, context } = await openConsole('/');

    await page.getByRole('searchbox', { name: 'Search packages' }).fill(word);
    await page.waitForURL((url) => url.searchParams.get('q') === word);
    await expect.poll(() => page.getByRole('article').count()).toBe(2);
    // Newest first.
    expect(await page.getByRole('article').first().getAttribute('aria-label')).toBe(`Package ${second}`);

    await page.getByRole('searchbox', { name: 'Search packages' }).fill(`${word}@example.com`);
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    await card(page, first).waitFor();

    await card(page, first).getByRole('button', { name: 'Reject', exact: true }).click();
    await expectToast(page, 'Package Rejected');

    const { body: stats } = await callApi<{ total: number; byStatus: Record<string, number> }>(
      context,
      'GET',
      '/api/admin/package-stats',
    );
    await page.getByRole('searchbox', { name: 'Search packages' }).fill(word);
    await expect.poll(() => page.getByRole('article').count()).toBe(2);
    const filter = page.getByRole('combobox', { name: 'Filter by status' });
    await filter.click();
    await page.getByRole('option', { name: `All (${stats.total})` }).waitFor();
    await page.getByRole('option', { name: `Rejected (${stats.byStatus.Rejected})` }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'Rejected');
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    await card(page, first).waitFor();

    await filter.click();
    await page.getByRole('option', { name: `Pending (${stats.byStatus.Pending})` }).click();
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    await card(page, second).waitFor();
  });

  it('pages through the list with the page number in the address', async () => {
    const word = uniqueWord();
    for (let index = 0; index < 26; index += 1) await submitPackage(customer, { name: `Paged ${word} ${index}` });
    const { page } = await openConsole(`/?q=${word}`);
    await page.getByText(`Showing 1–24 of 26 packages, newest first`).waitFor();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.getByText(`Showing 25–26 of 26 packages, newest first`).waitFor();
    expect(await page.getByRole('article').count()).toBe(2);
  });

  it('works at 375 px: one column, the drawer navigation and a full-screen details dialog', async () => {
    const code = await submitPackage(customer, { name: `Mobile ${uniqueWord()}` });
    const { page } = await openConsole(`/?q=${code}`, { viewport: 'mobile' });
    expect(await page.getByRole('navigation', { name: 'Console' }).count()).toBe(0);
    const box = await card(page, code).boundingBox();
    expect(box?.width).toBeGreaterThan(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await detailsButton(page, code).click();
    const dialog = page.getByRole('dialog', { name: `Package ${code}` });
    await dialog.waitFor();
    const dialogBox = await dialog.boundingBox();
    expect(dialogBox?.width).toBe(375);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawerNav = page.getByRole('navigation', { name: 'Console' });
    for (const label of ['Packages', 'Plan', 'Send Mail', 'Inbox'])
      await drawerNav.getByRole('link', { name: label }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await drawerNav.getByRole('link', { name: 'Plan' }).click();
    await page.waitForURL((url) => url.pathname === `${readE2eEnvironment().consolePath}/plan`);
    await drawerNav.waitFor({ state: 'hidden' });
  });

  it("names each card's details button by the text it shows (WCAG 2.5.3, axe's opt-in rule)", async () => {
    const word = uniqueWord();
    const shipped = await submitPackage(customer, { name: `Looks ${word} two`, rname: 'Ama Owusu' });
    const { page: setup } = await openConsole(`/?q=${word}`);
    await card(setup, shipped).getByRole('button', { name: 'Accept', exact: true }).click();
    await expectToast(setup, 'Package Accepted');
    await detailsButton(setup, shipped).waitFor();
    expect(await detailsButton(setup, shipped).getAttribute('aria-label')).toBeNull();
    const labelInName = await runAxe(setup, { runOnly: { type: 'rule', values: ['label-content-name-mismatch'] } });
    expect(labelInName.violations).toEqual([]);
    const evaluated = [...labelInName.passes, ...labelInName.inapplicable].map((rule) => rule.id);
    expect(evaluated).toContain('label-content-name-mismatch');
    const named = await setup.getByRole('button', { name: new RegExp(`^Order Placed ${shipped} Shipper: `) }).count();
    expect(named).toBe(1);
  });
});
