import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInAsOperator, submitPackage } from '../support/api.ts';
import { launchBrowser, newContext, openPage } from '../support/browser.ts';
import { openConsolePage } from '../support/console-page.ts';
import { fillPackage } from '../support/ship-form.ts';

// A double click sends the second click before the page has re-rendered the first one's loading
// state; every write must still happen once, and the page must not report the second as a failure.

let browser: Browser;
let operator: BrowserContext;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  operator = await newContext(browser);
  contexts.push(operator);
  await signInAsOperator(operator);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

const uniqueWord = () => `dbl${randomBytes(4).toString('hex')}`;

/** How many packages the console finds for a search. */
async function countPackages(search: string): Promise<number> {
  const response = await operator.request.get(`/api/admin/packages?q=${encodeURIComponent(search)}`);
  expect(response.status()).toBe(200);
  return Number(response.headers()['x-total-count']);
}

/** Every request the page sends to `path`, to show what the double click sent. */
function recordRequests(page: Page, path: string): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) sent.push(request);
  });
  return sent;
}

/**
 * Waits until every recorded request has its answer (nothing the clicks sent is still on its way) and
 * the page has painted twice since, so whatever those answers show (an error toast) is on screen.
 */
async function settled(page: Page, sent: Request[]): Promise<void> {
  await Promise.all(sent.map((request) => request.response()));
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(undefined)))),
  );
}

/** Error toasts the page has shown so far (their text). */
async function errorToasts(page: Page): Promise<string[]> {
  return page
    .getByRole('alert')
    .filter({ hasText: /Error|Failed/ })
    .allTextContents();
}

describe('a double click writes once', () => {
  it('on Confirm & Submit stores one package and shows its code', async () => {
    const word = uniqueWord();
    const { page, context } = await openPage(browser, '/create');
    contexts.push(context);
    await fillPackage(page, { Name: `Ada ${word}`, Email: `${word}@example.com` });
    await page.getByRole('button', { name: 'Review Package' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Package Details' });
    await dialog.waitFor();
    const sent = recordRequests(page, '/api/submit-package');

    await dialog.getByRole('button', { name: 'Confirm & Submit' }).dblclick();
    await page.getByTestId('tracking-code').waitFor();
    await settled(page, sent);

    expect(await countPackages(word)).toBe(1);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(await errorToasts(page)).toEqual([]);
  });

  it('on Add Location adds one update', async () => {
    const code = await submitPackage(operator, { name: `Location ${uniqueWord()}` });
    const { page, context } = await openConsolePage(browser, `/?q=${code}`);
    contexts.push(context);
    await page
      .getByRole('article', { name: `Package ${code}` })
      .getByRole('button', { name: /, open details$/ })
      .click();
    const dialog = page.getByRole('dialog', { name: `Package ${code}` });
    await dialog.getByRole('textbox', { name: 'New location update' }).fill('Arrived at Lagos sorting hub');

    const sent = recordRequests(page, '/api/admin/location-update');
    await dialog.getByRole('button', { name: 'Add Location' }).dblclick();
    await page.getByRole('alert').filter({ hasText: 'Location Update Added' }).first().waitFor();
    await settled(page, sent);

    const { body } = await callApi<{ locationUpdates: unknown[] }>(operator, 'GET', `/api/admin/packages/${code}`);
    expect(body.locationUpdates).toHaveLength(1);
    const cell = dialog.getByRole('cell', { name: 'Arrived at Lagos sorting hub', exact: true });
    await cell.first().waitFor();
    expect(await cell.count()).toBe(1);
    expect(await errorToasts(page)).toEqual([]);
  });

  it('on Accept accepts the package and shows no error', async () => {
    const code = await submitPackage(operator, { name: `Accept ${uniqueWord()}` });
    const { page, context } = await openConsolePage(browser, `/?q=${code}`);
    contexts.push(context);
    const card = page.getByRole('article', { name: `Package ${code}` });

    const sent = recordRequests(page, '/api/admin/accept');
    await card.getByRole('button', { name: 'Accept', exact: true }).dblclick();
    await page.getByRole('alert').filter({ hasText: 'Package Accepted' }).first().waitFor();
    await card.getByText('Order Placed', { exact: true }).first().waitFor();
    await settled(page, sent);

    expect(await errorToasts(page)).toEqual([]);
    const { body } = await callApi<{ status: string }>(operator, 'GET', `/api/track/${code}`);
    expect(body.status).toBe('Order Placed');
  });
});
