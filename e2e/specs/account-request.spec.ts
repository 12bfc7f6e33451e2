import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, openPage as openAppPage, waitForApp } from '../support/browser.ts';

const PASSWORD = 'correct horse battery staple';
const REQUEST = {
  Name: 'Ada Obi',
  Email: 'ada@example.com',
  Phone: '+234 801 000 0000',
  Company: 'Obi Logistics',
  Address: '12 Marina',
  City: 'Lagos',
};

let browser: Browser;
/** One visitor for the file (its cache of the app's scripts stays warm); each test opens its own page. */
let visitor: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  visitor = await newContext(browser);
});

afterAll(async () => {
  await browser?.close();
});

/** A page of the app, ready to use (hydrated). */
async function openPage(path: string): Promise<Page> {
  return (await openAppPage(visitor, path)).page;
}

/** A text field by its exact accessible name (the required asterisk is hidden from it). */
const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

async function fillRequest(page: Page, values: Record<string, string> = REQUEST) {
  for (const [label, value] of Object.entries(values)) await field(page, label).fill(value);
}

async function chooseCountry(page: Page, country: string) {
  await page.getByRole('combobox', { name: 'Country' }).click();
  await page.getByRole('option', { name: country }).click();
}

async function expectAllFieldsToast(page: Page) {
  const toast = page.getByRole('alert').filter({ hasText: 'All fields are required.' });
  await toast.waitFor();
  expect(await toast.textContent()).toContain('Error');
}

describe('Request an Account', () => {
  it('uses the right input types and offers the five countries', async () => {
    const page = await openPage('/request-account');
    expect(await field(page, 'Email').getAttribute('type')).toBe('email');
    expect(await page.getByRole('textbox', { name: 'Phone' }).getAttribute('type')).toBe('tel');
    expect(await field(page, 'Password').getAttribute('type')).toBe('password');
    await page.getByRole('combobox', { name: 'Country' }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual([
      'Nigeria',
      'Ghana',
      'Kenya',
      'United States',
      'United Kingdom',
    ]);
  });

  it('refuses a blank form, and a form with only spaces in one field, with the toast', async () => {
    const page = await openPage('/request-account');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expectAllFieldsToast(page);
    expect(new URL(page.url()).pathname).toBe('/request-account');

    await page.reload();
    await waitForApp(page);
    await fillRequest(page, { ...REQUEST, City: '   ' });
    await chooseCountry(page, 'Kenya');
    await field(page, 'Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expectAllFieldsToast(page);
    expect(await field(page, 'City').getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/request-account');
  });

  it('sends a complete request, lands on Thank You and keeps the password nowhere', async () => {
    const page = await openPage('/request-account');
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') sent.push(`${new URL(request.url()).pathname} ${request.postData()}`);
    });
    await fillRequest(page);
    await chooseCountry(page, 'Ghana');
    await field(page, 'Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Submit Request' }).click();

    await page.waitForURL('**/thank-you');
    await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
    await page.getByText('Your request has been submitted. We will contact you soon.').waitFor();

    // The password travelled in the one request and stayed nowhere in the browser.
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^\/api\/account-requests /);
    expect(JSON.parse(sent[0]?.split(' ').slice(1).join(' ') ?? '{}')).toMatchObject({
      name: 'Ada Obi',
      country: 'Ghana',
      password: PASSWORD,
    });
    const stored = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    );
    expect(stored).not.toContain(PASSWORD);
    expect(page.url()).not.toContain(encodeURIComponent(PASSWORD).slice(0, 7));

    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});
