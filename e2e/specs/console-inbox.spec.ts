import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api.ts';
import { launchBrowser, newContext, openPage, screenshot } from '../support/browser.ts';
import { newConsoleContext, openConsolePage } from '../support/console-page.ts';

// The database is shared by every spec of a run: this file finds its own requests by unique names.
const tag = randomBytes(3).toString('hex');
const CONTACT = {
  name: `Grace Inbox ${tag}`,
  email: `grace.${tag}@example.com`,
  message: `Saturday pickups? (${tag})`,
};
const ACCOUNT = {
  Name: `Obi Inbox ${tag}`,
  Email: `obi.${tag}@example.com`,
  Phone: '+234 801 000 0000',
  Company: `Obi Freight ${tag}`,
  Address: '12 Marina',
  City: 'Lagos',
};
const SUPPORT = {
  name: `Ada Inbox ${tag}`,
  email: `ada.${tag}@example.com`,
  phone: '+1 555 010 0001',
  subject: `Parcel ${tag} has not moved`,
  category: 'tracking',
  priority: 'urgent',
  message: 'Stuck at the sorting hub for three days.',
};
const PASSWORD = `horse battery ${tag}`;

let browser: Browser;
/** A visitor and the operator for the whole file (one sign-in): each test opens its own page. */
let visitor: BrowserContext;
let operator: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  visitor = await newContext(browser);
  operator = await newConsoleContext(browser);
});

afterAll(async () => {
  await browser?.close();
});

const toast = (page: Page, title: string) => page.getByRole('alert').filter({ hasText: title });
const article = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/** A console page of the signed-in operator. */
async function openConsole(path: string): Promise<Page> {
  const { page } = await openConsolePage(operator, path);
  await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
  return page;
}

async function expectVisible(locator: Locator) {
  await locator.waitFor({ state: 'visible' });
}

describe('Requests that reach the console Inbox', () => {
  it('sends a home contact message through the home page form', async () => {
    const { page } = await openPage(visitor, '/');
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByLabel('Name').fill(CONTACT.name);
    await form.getByLabel('Email').fill(CONTACT.email);
    await form.getByLabel('Message').fill(CONTACT.message);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, 'Message Received').waitFor();
  });

  it('shows the server refusing a home message as the form error toast', async () => {
    const { page } = await openPage(visitor, '/');
    const form = page.getByRole('form', { name: 'Contact us' });
    // The field stops at the server's bound; a script or another client need not.
    await form.getByLabel('Message').evaluate((element) => element.removeAttribute('maxlength'));
    await form.getByLabel('Message').fill('x'.repeat(5001));
    await form.getByRole('button', { name: 'Send Message' }).click();
    const refused = toast(page, 'Failed to submit. Please try again.');
    await refused.filter({ hasText: 'Must be at most 5000 characters' }).waitFor();
    expect(await toast(page, 'Message Received').count()).toBe(0);
  });

  it('sends an account request through /request-account', async () => {
    const { page } = await openPage(visitor, '/request-account');
    for (const [label, value] of Object.entries(ACCOUNT))
      await page.getByRole('textbox', { name: label, exact: true }).fill(value);
    await page.getByRole('combobox', { name: 'Country' }).click();
    await page.getByRole('option', { name: 'Kenya' }).click();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await page.waitForURL('**/thank-you');
  });

  it('sends a support request through the API', async () => {
    const { status } = await callApi(visitor, 'POST', '/api/support-requests', SUPPORT);
    expect(status).toBe(201);
  });

  it('lists each request in the Inbox with its details, newest first, and never the password', async () => {
    const page = await openConsole('/inbox');
    const support = article(page, SUPPORT.name);
    const account = article(page, ACCOUNT.Name);
    const contact = article(page, CONTACT.name);
    for (const item of [support, account, contact]) await expectVisible(item);

    expect(await support.textContent()).toContain(SUPPORT.subject);
    for (const text of ['Support request', 'Tracking', 'Urgent priority', SUPPORT.message])
      expect(await support.textContent()).toContain(text);
    expect(await support.getByRole('link', { name: SUPPORT.email }).getAttribute('href')).toBe(
      `mailto:${SUPPORT.email}`,
    );

    for (const text of ['Account request', ACCOUNT.Company, ACCOUNT.Address, ACCOUNT.City, 'Kenya'])
      expect(await account.textContent()).toContain(text);
    expect(await contact.textContent()).toContain(CONTACT.message);
    expect(await page.content()).not.toContain(PASSWORD);

    // Newest first: support (sent last), then the account request, then the contact message.
    const names = await page
      .getByRole('article')
      .evaluateAll((nodes) => nodes.map((node) => node.querySelector('h2')?.textContent ?? ''));
    const mine = names.filter((name) => name.endsWith(tag));
    expect(mine).toEqual([SUPPORT.name, ACCOUNT.Name, CONTACT.name]);
  });

  it('marks a request handled, finds it under Handled and filters by kind', async () => {
    const page = await openConsole('/inbox');
    await page.getByRole('button', { name: `Mark as handled: contact message from ${CONTACT.name}` }).click();
    await toast(page, 'Marked as handled').waitFor();
    await article(page, CONTACT.name).waitFor({ state: 'detached' });

    await page.getByRole('radiogroup', { name: 'State' }).getByText('Handled', { exact: true }).click();
    await page.waitForURL(/state=handled/);
    await expectVisible(article(page, CONTACT.name));
    expect(
      await article(page, CONTACT.name)
        .getByRole('button', { name: /^Mark as new/ })
        .count(),
    ).toBe(1);
    expect(await article(page, SUPPORT.name).count()).toBe(0);
    await screenshot(page, 'console-inbox-handled-desktop-light');

    await page.getByRole('radiogroup', { name: 'State' }).getByText('All', { exact: true }).click();
    await page.getByRole('radiogroup', { name: 'Kind' }).getByText('Account requests', { exact: true }).click();
    await page.waitForURL(/kind=account/);
    await expectVisible(article(page, ACCOUNT.Name));
    await article(page, CONTACT.name).waitFor({ state: 'detached' });
    const kinds = await page.getByRole('article').evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''));
    expect(kinds.every((text) => text.includes('Account request'))).toBe(true);

    // The view lives in the address: a reload keeps it.
    await page.reload();
    await expectVisible(article(page, ACCOUNT.Name));
    expect(await article(page, SUPPORT.name).count()).toBe(0);
  });
});
