import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, submitPackage } from '../support/api.ts';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
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

/** A word no other test's packages contain, to find this test's packages by search. */
const uniqueWord = () => `zt${randomBytes(4).toString('hex')}`;

/** `count` packages whose shipper name holds `word`, oldest first. */
async function seed(word: string, count: number): Promise<string[]> {
  const codes: string[] = [];
  for (let index = 0; index < count; index++)
    codes.push(await submitPackage(customer, { name: `Table ${word} ${index}` }));
  return codes;
}

const open = (screen: string) => openConsolePage(operator, screen);

async function showTable(page: Page): Promise<void> {
  await page.getByRole('radiogroup', { name: 'View' }).getByText('Table', { exact: true }).click();
  await page.getByRole('table').waitFor();
}

/** The tracking codes of the table's rows, top to bottom. */
async function rowCodes(page: Page): Promise<string[]> {
  const labels = await page
    .getByRole('checkbox', { name: /^Select [A-Z0-9]+$/ })
    .evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace('Select ', ''));
}

const select = (page: Page, code: string) =>
  page.getByRole('checkbox', { name: `Select ${code}`, exact: true }).check();
const bulkBar = (page: Page) => page.getByRole('region', { name: 'Bulk actions' });

/** The report alert of the last bulk action, found by its "Action: N done, M failed" title. */
function report(page: Page, title: string): Locator {
  return page.getByRole('alert').filter({ hasText: title }).first();
}

async function statusOf(context: BrowserContext, code: string): Promise<number | string> {
  const { status, body } = await callApi<{ status: string }>(context, 'GET', `/api/track/${code}`);
  return status === 200 ? body.status : status;
}

describe('console package table', () => {
  it('switches to the table, remembers it after a reload, and sorts by creation or last update', async () => {
    const word = uniqueWord();
    const codes = await seed(word, 3);
    const { page, context } = await open(`/?q=${word}`);
    await page.getByRole('article', { name: `Package ${codes[0]}` }).waitFor();
    await showTable(page);
    expect(await rowCodes(page)).toEqual([codes[2], codes[1], codes[0]]);
    expect(await page.getByRole('table').getByText(`Table ${word} 1`).count()).toBe(1);

    await page.reload();
    await page.getByRole('table').waitFor();
    expect(await page.getByRole('article').count()).toBe(0);

    // The oldest package changes last: first by last update, last when the order turns.
    await callApi(context, 'POST', '/api/admin/accept', { trackingCode: codes[0] });
    await page.getByRole('button', { name: 'Last update' }).click();
    await expect.poll(() => page.url()).toContain('sort=updated');
    await expect.poll(() => rowCodes(page)).toEqual([codes[0], codes[2], codes[1]]);
    await page.getByRole('button', { name: 'Last update' }).click();
    await expect.poll(() => page.url()).toContain('order=asc');
    await expect.poll(() => rowCodes(page)).toEqual([codes[1], codes[2], codes[0]]);
    await page.getByRole('button', { name: 'Created' }).click();
    await expect.poll(() => rowCodes(page)).toEqual([codes[2], codes[1], codes[0]]);

    // The code opens the same details dialog a card opens.
    await page.getByRole('button', { name: codes[1], exact: true }).click();
    await page.getByRole('dialog').filter({ hasText: codes[1]! }).waitFor();
  });

  it('keeps a selection across pages and searches, selects every matching package, and clears it on request', async () => {
    const word = uniqueWord();
    const codes = await seed(word, 27);
    const { page } = await open(`/?q=${word}`);
    await showTable(page);
    await select(page, codes[26]!);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByRole('checkbox', { name: `Select ${codes[0]}` }).waitFor();
    await select(page, codes[0]!);
    await bulkBar(page).getByText('2 packages selected').waitFor();
    await page.getByRole('button', { name: 'Previous page' }).click();
    await page.getByRole('checkbox', { name: `Select ${codes[26]}` }).waitFor();
    expect(await page.getByRole('checkbox', { name: `Select ${codes[26]}` }).isChecked()).toBe(true);

    await page.getByRole('checkbox', { name: 'Select all packages on this page' }).check();
    await bulkBar(page).getByText('25 packages selected').waitFor();
    await page.getByRole('button', { name: 'Select all 27 matching' }).click();
    await page.getByText('All 27 matching packages are selected.').waitFor();
    await bulkBar(page).getByText('27 packages selected').waitFor();
    await screenshot(page, 'console-table-selected-desktop-light');

    // A new search keeps what was chosen: the bar still counts all 27, and exports exactly those.
    await page.getByRole('searchbox', { name: 'Search packages' }).fill(`${word} 1`);
    await page.getByRole('checkbox', { name: `Select ${codes[26]}` }).waitFor({ state: 'detached' });
    await bulkBar(page).getByText('27 packages selected').waitFor();
    const csvDownload = page.waitForEvent('download');
    await bulkBar(page).getByRole('link', { name: 'Export CSV' }).click();
    const csv = (await readFile((await (await csvDownload).path())!, 'utf8')).replace(/^\uFEFF/, '');
    const exported = csv
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(exported.sort()).toEqual([...codes].sort());

    await bulkBar(page).getByRole('button', { name: 'Clear selection' }).click();
    expect(await bulkBar(page).count()).toBe(0);
  });

  it('accepts, rejects, sets a status and adds a location to the selection, reporting each failure', async () => {
    const word = uniqueWord();
    const [a, b, c, d] = await seed(word, 4);
    const { page, context } = await open(`/?q=${word}`);
    await showTable(page);

    await select(page, a!);
    await bulkBar(page).getByRole('button', { name: 'Accept' }).click();
    await report(page, 'Accept: 1 done, 0 failed').waitFor();
    await select(page, a!);
    await select(page, b!);
    await bulkBar(page).getByRole('button', { name: 'Accept' }).click();
    const accepted = report(page, 'Accept: 1 done, 1 failed');
    await accepted.waitFor();
    expect(await accepted.textContent()).toContain(`${a}: Only a Pending package can be accepted`);
    await screenshot(page, 'console-table-report-desktop-light');
    // The failed code stays selected, the done one does not.
    await bulkBar(page).getByText('1 package selected').waitFor();
    expect(await page.getByRole('checkbox', { name: `Select ${a}` }).isChecked()).toBe(true);
    expect(await statusOf(context, b!)).toBe('Order Placed');
    await page.getByRole('button', { name: 'Clear selection' }).first().click();

    await select(page, d!);
    await bulkBar(page).getByRole('button', { name: 'Reject' }).click();
    await report(page, 'Reject: 1 done, 0 failed').waitFor();
    expect(await statusOf(context, d!)).toBe('Rejected');

    await select(page, a!);
    await select(page, b!);
    await select(page, c!);
    await bulkBar(page).getByRole('button', { name: 'Set status' }).click();
    const statusDialog = page.getByRole('dialog', { name: 'Set the status of 3 packages' });
    await statusDialog.getByRole('combobox', { name: 'New status' }).click();
    await page.getByRole('option', { name: 'Custom Status', exact: true }).click();
    await statusDialog.getByRole('button', { name: 'Set Status' }).click();
    await page.getByRole('alert').filter({ hasText: 'Custom Status Required' }).first().waitFor();
    await statusDialog.getByRole('textbox', { name: 'Custom status' }).fill('Held at customs');
    await statusDialog.getByRole('button', { name: 'Set Status' }).click();
    const statusReport = report(page, 'Set status: 2 done, 1 failed');
    await statusReport.waitFor();
    expect(await statusReport.textContent()).toContain(`${c}: Accept or reject the package before changing its status`);
    expect(await statusOf(context, a!)).toBe('Held at customs');

    await page.getByRole('button', { name: 'Clear selection' }).first().click();
    await select(page, a!);
    await select(page, b!);
    await bulkBar(page).getByRole('button', { name: 'Add location' }).click();
    const locationDialog = page.getByRole('dialog', { name: 'Add a location update to 2 packages' });
    await locationDialog.getByRole('textbox', { name: 'Location' }).fill('Lagos sorting centre');
    await locationDialog.getByRole('button', { name: 'Add Location' }).click();
    await report(page, 'Add location update: 2 done, 0 failed').waitFor();
    const { body } = await callApi<{ locationUpdates: { location: string }[] }>(
      context,
      'GET',
      `/api/admin/packages/${b}`,
    );
    expect(body.locationUpdates.map((update) => update.location)).toEqual(['Lagos sorting centre']);
  });

  it('downloads labels as a PDF and the selection as CSV, then deletes after the count is typed', async () => {
    const word = uniqueWord();
    const [a, b, c] = await seed(word, 3);
    const { page, context } = await open(`/?q=${word}`);
    for (const code of [a, b]) await callApi(context, 'POST', '/api/admin/accept', { trackingCode: code });
    await showTable(page);
    await page.reload();
    await page.getByRole('table').waitFor();

    await page.getByRole('checkbox', { name: 'Select all packages on this page' }).check();
    await bulkBar(page).getByRole('button', { name: 'Print labels' }).click();
    const pdfDownload = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'A4 sheets, four a page' }).click();
    const pdf = await readFile((await (await pdfDownload).path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Two accepted packages on one A4 sheet; the Pending one has no label and is left out.
    const pages = pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? [];
    expect(pages).toHaveLength(1);
    expect((await pdfDownload).suggestedFilename()).toMatch(/\.pdf$/);

    const csvDownload = page.waitForEvent('download');
    await bulkBar(page).getByRole('link', { name: 'Export CSV' }).click();
    const csv = (await readFile((await (await csvDownload).path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]?.startsWith('Tracking code,Status,')).toBe(true);
    expect(lines).toHaveLength(4);
    for (const code of [a, b, c]) expect(csv).toContain(code);

    await bulkBar(page).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete 3 packages?' });
    const confirm = dialog.getByRole('button', { name: 'Delete 3 packages' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Type 3 to delete 3 packages' }).fill('3');
    await confirm.click();
    await report(page, 'Delete: 3 done, 0 failed').waitFor();
    await page.getByText('No packages match your search or filter.').waitFor();
    expect(await statusOf(context, a!)).toBe(404);
  });

  it("offers a package's own label from its details, as a PDF, only once it is accepted", async () => {
    const word = uniqueWord();
    const [accepted, pending] = await seed(word, 2);
    const { page, context } = await open(`/?q=${word}`);
    await callApi(context, 'POST', '/api/admin/accept', { trackingCode: accepted });
    await showTable(page);
    await page.reload();
    await page.getByRole('table').waitFor();

    await page.getByRole('button', { name: accepted!, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Package ${accepted}` });
    const thermal = dialog.getByRole('link', { name: 'Print label (4×6)' });
    await thermal.waitFor();
    expect(await thermal.getAttribute('target')).toBe('_blank');
    const answer = await context.request.get((await thermal.getAttribute('href'))!);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    expect((await answer.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await dialog.getByRole('button', { name: 'Close details' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: pending!, exact: true }).click();
    const pendingDialog = page.getByRole('dialog', { name: `Package ${pending}` });
    await pendingDialog.getByText('Delete Entire Package').waitFor();
    expect(await pendingDialog.getByRole('link', { name: /Print label/ }).count()).toBe(0);
  });

  it('selects cards too, in the selection mode of the card grid, and accepts them in bulk', async () => {
    const word = uniqueWord();
    const [a, b] = await seed(word, 2);
    const { page, context } = await open(`/?q=${word}`);
    // The console remembers the table view the tests before chose: back to the cards.
    await page.getByRole('radiogroup', { name: 'View' }).getByText('Cards', { exact: true }).click();
    await page.getByRole('article', { name: `Package ${a}` }).waitFor();
    expect(await page.getByRole('checkbox', { name: `Select ${a}` }).count()).toBe(0);
    await page.getByRole('switch', { name: 'Select packages' }).check();
    await select(page, a!);
    await select(page, b!);
    await bulkBar(page).getByText('2 packages selected').waitFor();
    await bulkBar(page).getByRole('button', { name: 'Accept' }).click();
    await report(page, 'Accept: 2 done, 0 failed').waitFor();
    expect(await statusOf(context, a!)).toBe('Order Placed');
    await screenshot(page, 'console-cards-selecting-desktop-light');
  });

  it('gives a 375 px phone the cards with a visually hidden select label, never a table scrolling sideways', async () => {
    const word = uniqueWord();
    const [a] = await seed(word, 2);
    const { page } = await openConsolePage(browser, `/?q=${word}`, { viewport: 'mobile' });
    try {
      // The table chosen on a wide screen is remembered, and not shown here.
      // The key the console keeps the chosen view under (DASHBOARD_VIEW_KEY of the web app).
      await page.evaluate(() => window.localStorage.setItem('waybill-console-packages-view', JSON.stringify('table')));
      await page.reload();
      await page.getByRole('article', { name: `Package ${a}` }).waitFor();
      expect(await page.getByRole('table').count()).toBe(0);
      expect(await page.getByRole('radiogroup', { name: 'View' }).count()).toBe(0);

      await page.getByRole('switch', { name: 'Select packages' }).check();
      const checkbox = page.getByRole('checkbox', { name: `Select ${a}`, exact: true });
      await checkbox.check();
      await bulkBar(page).getByText('1 package selected').waitFor();
      // The label names the checkbox without taking room above the card.
      const label = await page.getByText(`Select ${a}`, { exact: true }).boundingBox();
      expect(label && label.width * label.height).toBeLessThanOrEqual(1);
      // Nothing on the page scrolls sideways, the page itself included.
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('body *')]
          .filter((element) => element.scrollWidth > element.clientWidth + 1)
          .filter((element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX))
          .map((element) => element.className),
      );
      expect(wide).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await screenshot(page, 'console-cards-selecting-mobile-light');
    } finally {
      await page.context().close();
    }
  });
});
