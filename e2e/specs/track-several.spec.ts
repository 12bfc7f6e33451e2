// Several tracking codes at once on /track: typed one a line or with commas, listed with each status
// in an address that survives a reload, each row opening the code's own page; axe in every look.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInAsOperator, submitPackage } from '../support/api.ts';
import { gotoApp, launchBrowser, newContext, openPage } from '../support/browser.ts';

let browser: Browser;
const contexts: BrowserContext[] = [];
/** A Pending package, an accepted one (Order Placed, with an estimated delivery) and a Shipped one. */
let pending = '';
let placed = '';
let shipped = '';
const UNKNOWN = 'NOSUCHCODE22';

beforeAll(async () => {
  browser = await launchBrowser();
  const operator = await newContext(browser);
  contexts.push(operator);
  await signInAsOperator(operator);
  const codes = await Promise.all([1, 2, 3].map(() => submitPackage(operator)));
  [pending, placed, shipped] = codes as [string, string, string];
  for (const code of [placed, shipped]) {
    expect((await callApi(operator, 'POST', '/api/admin/accept', { trackingCode: code })).status).toBe(200);
  }
  const update = { trackingCode: shipped, status: 'Shipped' };
  expect((await callApi(operator, 'POST', '/api/admin/update-status', update)).status).toBe(200);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

const field = (page: Page) => page.getByRole('textbox', { name: 'Tracking code', exact: true });
const rows = (page: Page) => page.getByTestId('tracking-row');

/** Waits until every row has its answer, and returns each row's code and status badge. */
async function readRows(page: Page, count: number): Promise<{ text: string; status: string }[]> {
  await page.getByRole('heading', { level: 2, name: `${count} packages` }).waitFor();
  await page.getByText('Looking it up…').first().waitFor({ state: 'detached' });
  const read: { text: string; status: string }[] = [];
  for (const row of await rows(page).all()) {
    read.push({
      text: (await row.textContent()) ?? '',
      status: (await row.getByTestId('tracking-status').textContent()) ?? '',
    });
  }
  return read;
}

describe('Track several codes', () => {
  it('lists codes typed one a line and with commas, keeps them in the address through a reload, and opens each', async () => {
    const { page, errors } = await openPage(browser, '/track');
    contexts.push(page.context());
    const lookups: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/track/')) lookups.push(new URL(request.url()).pathname);
    });

    await field(page).fill(`${placed.toLowerCase()}\n${shipped}, ${UNKNOWN}; ${placed}`);
    await field(page).press('Enter');
    await page.waitForURL((url) => url.search === `?codes=${placed},${shipped},${UNKNOWN}`);
    const listed = await readRows(page, 3);
    expect(listed.map((row) => row.status)).toEqual(['Order Placed', 'Shipped', 'Not found']);
    expect(listed[0]?.text).toContain(placed);
    expect(listed[0]?.text).toContain('Estimated delivery');
    expect(listed[2]?.text).toContain(UNKNOWN);
    // One lookup per code, each once, and no Tracking Error toast for the unknown one.
    expect([...lookups].sort()).toEqual([placed, shipped, UNKNOWN].map((code) => `/api/track/${code}`).sort());
    expect(await page.getByText('Tracking Error').count()).toBe(0);

    // The prerendered /track hydrates cleanly before it reads the codes of its address.
    await page.reload();
    const reloaded = await readRows(page, 3);
    expect(reloaded.map((row) => row.status)).toEqual(['Order Placed', 'Shipped', 'Not found']);
    // The browser logs the unknown code's 404 itself; anything else (a hydration mismatch) is a fault.
    expect(errors.filter((error) => !error.startsWith('Failed to load resource'))).toEqual([]);
    expect(await field(page).inputValue()).toBe(`${placed}, ${shipped}, ${UNKNOWN}`);

    // A row opens the code's own page; Back returns to the list.
    await rows(page).nth(1).getByRole('link').click();
    await page.waitForURL(`**/track/${shipped}`);
    await page.getByTestId('tracking-number').getByText(shipped, { exact: true }).waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/track' && url.search.startsWith('?codes='));
    await readRows(page, 3);

    // Eleven codes are refused with a message, and nothing is looked up.
    lookups.length = 0;
    await field(page).fill(Array.from({ length: 11 }, (_, i) => `CODE${i}`).join(','));
    await field(page).press('Enter');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Please enter at most 10 tracking codes, one a line or separated by commas.' })
      .waitFor();
    expect(lookups).toEqual([]);
  });

  it("lists each code's status with an estimate, or why there is none", async () => {
    const context = await newContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    await gotoApp(page, `/track?codes=${[pending, placed, shipped, UNKNOWN].join(',')}`);
    const listed = await readRows(page, 4);
    expect(listed.map((row) => row.status)).toEqual(['Pending', 'Order Placed', 'Shipped', 'Not found']);
    expect(listed[0]?.text).toContain('No delivery estimate yet');
  });
});
