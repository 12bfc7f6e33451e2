// "Get e-mail updates" on a package's tracking page: a bad address is explained under the field, a good
// one gets the same truthful message whatever its state, and the confirmation link (read from the .eml
// the server writes without SMTP) opens its small page; the screens walk checks these pages in every look.
import { randomBytes } from 'node:crypto';
import { SUBSCRIBE_ACCEPTED } from '@waybill/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInAsOperator, submitPackage } from '../support/api.ts';
import { expectNoSeriousA11yViolations, gotoApp, launchBrowser, newContext } from '../support/browser.ts';
import { readLinkPath } from '../support/outbox.ts';

let browser: Browser;
const contexts: BrowserContext[] = [];
let code = '';
const id = randomBytes(3).toString('hex');

beforeAll(async () => {
  browser = await launchBrowser();
  const operator = await newContext(browser);
  contexts.push(operator);
  await signInAsOperator(operator);
  code = await submitPackage(operator);
  expect((await callApi(operator, 'POST', '/api/admin/accept', { trackingCode: code })).status).toBe(200);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

/** The confirmation link of the .eml the server wrote to `to`, as a path of this site. */
const readConfirmPath = (to: string) => readLinkPath(to, '/api/subscriptions/confirm?token=');

const section = (page: Page) => page.getByRole('region', { name: 'Get e-mail updates' });

async function ask(page: Page, email: string): Promise<void> {
  await section(page).getByRole('textbox', { name: 'Email' }).fill(email);
  await section(page).getByRole('button', { name: 'Get e-mail updates' }).click();
}

describe('E-mail updates on the tracking page', () => {
  it('explains a bad address, answers a good one truthfully, and the e-mailed link confirms it', async () => {
    const context = await newContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    await gotoApp(page, `/track/${code}`);
    await page.getByTestId('tracking-number').getByText(code, { exact: true }).waitFor();

    await ask(page, 'not an address');
    await section(page).getByText('Invalid email address').waitFor();

    const email = `watcher.${id}@example.com`;
    await ask(page, email);
    const done = section(page).getByRole('status');
    await done.waitFor();
    expect(await done.textContent()).toBe(SUBSCRIBE_ACCEPTED);

    const confirm = await readConfirmPath(email);
    const confirmPage = await context.newPage();
    // Opening the link (as a mail scanner would) confirms nothing: the page offers a button.
    const answer = await confirmPage.goto(confirm);
    expect(answer?.status()).toBe(200);
    await confirmPage.getByRole('heading', { name: 'Confirm e-mail updates?' }).waitFor();
    // The page carries the site's mark, which leads home.
    expect(await confirmPage.getByRole('link', { name: 'Waybill home' }).getAttribute('href')).toBe('/');
    await confirmPage.getByRole('button', { name: 'Confirm e-mail updates' }).click();
    await confirmPage.getByRole('heading', { name: 'E-mail updates confirmed' }).waitFor();
    await expectNoSeriousA11yViolations(confirmPage);
    // Opened again, the link says the address is confirmed.
    expect((await confirmPage.goto(confirm))?.status()).toBe(200);
    await confirmPage.getByRole('heading', { name: 'Already confirmed' }).waitFor();

    // The same address again: the same message, so the page never tells that it is subscribed.
    await page.reload();
    await ask(page, email);
    await section(page).getByRole('status').waitFor();
    expect(await section(page).getByRole('status').textContent()).toBe(SUBSCRIBE_ACCEPTED);
  });

  it('confirms and unsubscribes through the small pages, by their button', async () => {
    // A package of its own: the first one's five places stay for the test above.
    const operator = await newContext(browser);
    contexts.push(operator);
    await signInAsOperator(operator);
    const own = await submitPackage(operator);
    expect((await callApi(operator, 'POST', '/api/admin/accept', { trackingCode: own })).status).toBe(200);

    const visitor = await newContext(browser);
    contexts.push(visitor);
    const email = `pages.${id}@example.com`;
    const asked = await callApi(visitor, 'POST', `/api/track/${own}/subscriptions`, { email });
    expect(asked.status).toBe(202);
    const page = await visitor.newPage();
    expect((await page.goto(await readConfirmPath(email)))?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Confirm e-mail updates?' }).waitFor();
    await page.getByRole('button', { name: 'Confirm e-mail updates' }).click();
    await page.getByRole('heading', { name: 'E-mail updates confirmed' }).waitFor();

    // An update reaches the confirmed address with its own unsubscribe link.
    const moved = await callApi(operator, 'POST', '/api/admin/location-update', {
      trackingCode: own,
      location: 'Leeds sorting hub',
    });
    expect(moved.status).toBe(201);
    expect((await page.goto(await readLinkPath(email, '/api/subscriptions/unsubscribe?token=')))?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Stop e-mail updates?' }).waitFor();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: 'Unsubscribed' }).waitFor();
  });
});
