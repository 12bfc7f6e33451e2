// The business customers' portal at /account, as a shop uses it: an account request approved in the
// console, its e-mailed link opened and a password set in the browser (which signs in), then every
// screen at 1280 px and 375 px, light and dark (axe, no sideways scroll, nothing over a control, no
// console error or warning): shipments, shipping one, its page with its labels, an import (a file with a
// bad row refused whole, then the good one), API keys (one made and revoked), a webhook endpoint and the
// team. A second account is refused the first one's shipment.
// One sign-in for the file: the 375 px context takes the desktop one's cookies.
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api.ts';
import {
  collectErrors,
  giveBack,
  gotoApp,
  launchBrowser,
  newContext,
  takeTab,
  type ViewportName,
} from '../support/browser.ts';
import { newConsoleContext } from '../support/console-page.ts';
import { readLinkPath } from '../support/outbox.ts';
import { checkScreenInBothModes, type LoadedScreen } from '../support/walk.ts';

const tag = randomBytes(3).toString('hex');
const PASSWORD = `quiet lantern orbit ${tag}`;
const requestFor = (who: string) => ({
  name: `${who} Owner ${tag}`,
  email: `${who.toLowerCase()}.${tag}@example.com`,
  phone: '+234 801 000 0000',
  company: `${who} Goods ${tag}`,
  address: '12 Marina',
  city: 'Lagos',
  country: 'Nigeria',
  password: 'not used by the portal 123',
});
const SHOP = requestFor('Ada');
const OTHER = requestFor('Obi');

let browser: Browser;
let operator: BrowserContext;
const contexts: Partial<Record<ViewportName, BrowserContext>> = {};
let shippedCode = '';
/** The two accounts' set-password links: asked for together, so one pass of the mail outbox sends both. */
let links: [string, string];

/** Asks for an account as a shop does, approves it as the operator, and returns its link's path. */
async function approvedLink(request: typeof SHOP): Promise<string> {
  const asked = await callApi<{ id: string }>(operator, 'POST', '/api/account-requests', request);
  expect(asked.status).toBe(201);
  const approved = await callApi(operator, 'POST', `/api/admin/inbox/${asked.body.id}/approve`);
  expect(approved.status).toBe(200);
  return readLinkPath(request.email, '/account/set-password');
}

beforeAll(async () => {
  browser = await launchBrowser();
  operator = await newConsoleContext(browser);
  contexts.desktop = await newContext(browser, { viewport: 'desktop' });
  links = await Promise.all([approvedLink(SHOP), approvedLink(OTHER)]);
});

afterAll(async () => {
  await browser?.close();
});

/** A portal screen in a tab of the width's signed-in context, loaded and waited on. */
async function openPortal(viewport: ViewportName, path: string): Promise<{ page: Page; errors: string[] }> {
  const context = contexts[viewport]!;
  const page = await takeTab(context);
  const errors = collectErrors(page, { warnings: true });
  await gotoApp(page, `/account${path}`);
  return { page, errors };
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const toast = (page: Page, title: string) => page.getByRole('alert').filter({ hasText: title });

describe('The business portal', () => {
  it('sets the password from the approval link, takes the token out of the address and signs in', async () => {
    const [link] = links;
    expect(link).toMatch(/^\/account\/set-password#token=/);
    const page = await takeTab(contexts.desktop!);
    const errors = collectErrors(page, { warnings: true });
    await gotoApp(page, link);
    await heading(page, 'Set your password').waitFor();
    await expect.poll(() => new URL(page.url()).hash).toBe('');
    await page.getByRole('textbox', { name: 'Email' }).fill(SHOP.email);
    await page.getByRole('textbox', { name: 'Your name' }).fill(`Ada ${tag}`);
    await page.getByLabel(/^New password/).fill(PASSWORD);
    await page.getByLabel(/^Confirm password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await heading(page, 'Shipments').waitFor();
    await page.getByText('No shipments yet.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/account');
    expect(errors).toEqual([]);
    // The 375 px context shares the session (one sign-in for the file).
    contexts.mobile = await newContext(browser, { viewport: 'mobile' });
    await contexts.mobile.addCookies(await contexts.desktop!.cookies());
    await giveBack(contexts.desktop!, page);
  });

  it('ships a package with the account as the sender and links to its page', async () => {
    const { page, errors } = await openPortal('desktop', '/ship');
    await heading(page, 'Ship a package').waitFor();
    await expect.poll(() => page.getByLabel('Pickup Location').inputValue()).toBe('12 Marina, Lagos');
    const fields = {
      "Receiver's Name": 'Kofi Mensah',
      "Receiver's Email": 'kofi@example.com',
      "Receiver's Phone": '+233 20 000 0000',
      Destination: '4 Oxford Street, Accra',
      Description: `Two boxes of books ${tag}`,
    };
    for (const [label, value] of Object.entries(fields)) await page.getByLabel(new RegExp(`^${label}`)).fill(value);
    await page.getByRole('button', { name: 'Create package' }).click();
    const created = page.getByRole('status').filter({ hasText: 'Package created' });
    const link = created.getByRole('link');
    await link.waitFor();
    shippedCode = (await link.textContent()) ?? '';
    expect(shippedCode).toMatch(/^[A-Z0-9]{12}$/);
    // Accepted by the operator, so its labels can be printed.
    expect((await callApi(operator, 'POST', '/api/admin/accept', { trackingCode: shippedCode })).status).toBe(200);
    await link.click();
    await heading(page, `Shipment ${shippedCode}`).waitFor();
    await page.getByText('Kofi Mensah').first().waitFor();
    expect(errors).toEqual([]);
    await giveBack(contexts.desktop!, page);
  });

  it('imports a CSV file: a bad row refuses the whole file by line and column, then the good file makes every shipment', async () => {
    const { page, errors } = await openPortal('desktop', '/import');
    await heading(page, 'Import shipments').waitFor();
    const template = await contexts.desktop!.request.get('/api/account/imports/template.csv');
    expect(template.status()).toBe(200);
    const [header, example] = (await template.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const file = (rows: string[]) => ({
      name: 'shipments.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([header, ...rows].join('\r\n')),
    });
    const badEmail = example!.replace('kemi@example.com', 'kemi-at-example');
    const input = page.getByLabel('CSV file', { exact: true });
    await input.setInputFiles(file([example!, badEmail]));
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Nothing was imported' }).waitFor();
    const problem = page.getByRole('row').filter({ hasText: 'receiver.email' });
    await problem.getByRole('cell', { name: '3', exact: true }).waitFor();
    // Nothing stored: the account still has only the package it shipped.
    const shipments = await callApi<unknown[]>(contexts.desktop!, 'GET', '/api/account/shipments');
    expect(shipments.body).toHaveLength(1);

    await input.setInputFiles(file([example!, example!]));
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('status').filter({ hasText: '2 shipments imported' }).waitFor();
    expect(await page.getByRole('table', { name: 'Imported shipments' }).getByRole('row').count()).toBe(3);
    // The refused file's 400, which Chromium logs as a failed resource, is the only console line.
    await checkScreenInBothModes(page, errors, {
      name: 'portal import done',
      viewport: 'desktop',
      allowErrors: /status of 400/,
    });
    await giveBack(contexts.desktop!, page);
  });

  it('creates an API key, shows it once with a copy button, and revokes it after a confirmation', async () => {
    const { page, errors } = await openPortal('desktop', '/api-keys');
    await page.getByRole('textbox', { name: 'Key name' }).fill('Web shop');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = page.getByTestId('shown-once-secret');
    await secret.waitFor();
    expect(await secret.textContent()).toMatch(/^wb_live_/);
    await page.getByText('Shown once: copy it now.').waitFor();
    await page.getByRole('button', { name: 'Copy' }).waitFor();
    const row = page.getByRole('listitem', { name: 'Web shop' });
    await row.getByText('Last used never', { exact: false }).waitFor();
    await row.getByRole('button', { name: 'Revoke Web shop' }).click();
    await page.getByRole('dialog', { name: 'Revoke this key?' }).getByRole('button', { name: 'Revoke key' }).click();
    await toast(page, 'API key revoked').waitFor();
    await row.getByText('Revoked').waitFor();
    expect(errors).toEqual([]);
    await giveBack(contexts.desktop!, page);
  });

  it('adds a webhook endpoint for the chosen events and shows its signing secret once', async () => {
    const { page, errors } = await openPortal('desktop', '/webhooks');
    await page.getByRole('textbox', { name: 'Endpoint URL' }).fill('https://93.184.215.14/waybill-hooks');
    for (const type of ['shipment.created', 'shipment.accepted', 'shipment.rejected', 'shipment.status_changed']) {
      await page.getByRole('checkbox', { name: type }).uncheck();
    }
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = page.getByTestId('shown-once-secret');
    await secret.waitFor();
    expect(await secret.textContent()).toMatch(/^whsec_/);
    const endpoint = page.getByRole('listitem', { name: 'https://93.184.215.14/waybill-hooks' });
    await endpoint.getByText('shipment.location_added, shipment.delivery_attempted, shipment.delivered').waitFor();
    await endpoint.getByRole('button', { name: 'Deliveries' }).click();
    await endpoint.getByText('No deliveries yet').waitFor();
    expect(errors).toEqual([]);
    await giveBack(contexts.desktop!, page);
  });

  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`shows every screen at ${viewport === 'desktop' ? '1280' : '375'} px, light and dark`, async () => {
      const screens: [string, string, string][] = [
        ['/', 'Shipments', 'portal shipments'],
        [`/shipments/${shippedCode}`, `Shipment ${shippedCode}`, 'portal shipment'],
        ['/ship', 'Ship a package', 'portal ship'],
        ['/import', 'Import shipments', 'portal import'],
        ['/api-keys', 'API keys', 'portal api keys'],
        ['/webhooks', 'Webhooks', 'portal webhooks'],
        ['/team', 'Team', 'portal team'],
      ];
      for (const [path, title, name] of screens) {
        const { page, errors } = await openPortal(viewport, path);
        await heading(page, title).waitFor();
        await page.locator('[aria-busy="true"], .mantine-Skeleton-root').first().waitFor({ state: 'detached' });
        const screen: LoadedScreen = { name, viewport };
        if (path === '/' && viewport === 'mobile') {
          screen.states = [
            {
              name: 'navigation',
              enter: async (tab) => {
                await tab.getByRole('button', { name: 'Open navigation' }).click();
                await tab.getByRole('dialog').getByRole('link', { name: 'Webhooks' }).waitFor();
              },
              exit: async (tab) => {
                await tab.getByRole('button', { name: 'Close navigation' }).click();
                await tab.getByRole('dialog').waitFor({ state: 'detached' });
              },
            },
          ];
        }
        await checkScreenInBothModes(page, errors, screen);
        if (path.startsWith('/shipments/')) {
          const label = page.getByRole('link', { name: 'Label PDF (4×6)' });
          const pdf = await contexts[viewport]!.request.get((await label.getAttribute('href')) ?? '');
          expect(pdf.status()).toBe(200);
          expect(pdf.headers()['content-type']).toBe('application/pdf');
          await page.getByRole('link', { name: 'Label PDF (A4)' }).waitFor();
        }
        await giveBack(contexts[viewport]!, page);
      }
    });
  }

  it("answers another account's shipment page as a code that does not exist", async () => {
    const [, link] = links;
    const token = new URLSearchParams(link.split('#')[1]).get('token');
    const other = await newContext(browser, { viewport: 'mobile' });
    expect((await callApi(other, 'POST', '/api/account/set-password', { token, password: PASSWORD })).status).toBe(200);
    expect(
      (await callApi(other, 'POST', '/api/account/sign-in', { email: OTHER.email, password: PASSWORD })).status,
    ).toBe(200);
    const page = await takeTab(other);
    await gotoApp(page, `/account/shipments/${shippedCode}`);
    await page.getByRole('alert').filter({ hasText: 'No shipment of your account has this tracking code.' }).waitFor();
    expect(await page.getByText('Kofi Mensah').count()).toBe(0);
  });

  it('signs out from the 375 px navigation, then signs in again where the member was going', async () => {
    const context = contexts.mobile!;
    const first = await openPortal('mobile', '/team');
    await first.page.getByRole('button', { name: 'Open navigation' }).click();
    await first.page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
    await heading(first.page, 'Sign in').waitFor();
    await first.page.getByRole('status').filter({ hasText: 'You are signed out.' }).waitFor();
    expect(first.errors).toEqual([]);
    await giveBack(context, first.page);

    // Signed out, a screen's address leads to sign-in and back, with no failed request in the console.
    const { page, errors } = await openPortal('mobile', '/webhooks');
    await heading(page, 'Sign in').waitFor();
    expect(new URL(page.url()).search).toBe('?next=%2Fwebhooks');
    await checkScreenInBothModes(page, errors, { name: 'portal sign-in', viewport: 'mobile' });
    await page.getByRole('textbox', { name: 'Email' }).fill(SHOP.email);
    await page.getByLabel(/^Password/).fill('not the password at all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Sign-in failed' }).waitFor();
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await heading(page, 'Webhooks').waitFor();
  });
});
