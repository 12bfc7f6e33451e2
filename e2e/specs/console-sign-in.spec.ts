import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInAsOperator } from '../support/api.ts';
import { gotoApp, launchBrowser, newContext } from '../support/browser.ts';
import { readE2eEnvironment } from '../support/environment.ts';

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function freshPage(): Promise<{ page: Page; context: BrowserContext }> {
  const context = await newContext(browser);
  contexts.push(context);
  return { page: await context.newPage(), context };
}

/** Waits until the address (without origin) satisfies `check`; the router navigates on the client. */
async function expectPath(page: Page, expected: string): Promise<void> {
  await page.waitForURL((url) => `${url.pathname}${url.search}` === expected, { timeout: 10_000 });
}

async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('console sign-in', () => {
  it('sends a console route without a session to sign-in, refuses a wrong password, then returns there', async () => {
    const { consolePath, adminEmail, adminPassword } = readE2eEnvironment();
    const { page } = await freshPage();
    await gotoApp(page, `${consolePath}/plan`);
    await expectPath(page, `${consolePath}/sign-in?next=%2Fplan`);
    await expect.poll(() => page.title()).toBe('Sign in | Waybill Console');
    expect(await page.getByText('Your session has expired').count()).toBe(0);

    await signInThroughForm(page, adminEmail, 'not-the-password');
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).count(), { timeout: 10_000 })
      .toBe(1);

    await signInThroughForm(page, adminEmail, adminPassword);
    await expectPath(page, `${consolePath}/plan`);
    const nav = page.getByRole('navigation', { name: 'Console' });
    expect(await nav.getByRole('link', { name: 'Plan' }).getAttribute('aria-current')).toBe('page');
  });

  it('sends Dispatch, whose reads start beside the session, to sign-in as a first visit, then shows its day', async () => {
    const { consolePath, adminEmail, adminPassword } = readE2eEnvironment();
    const { page } = await freshPage();
    await gotoApp(page, `${consolePath}/dispatch?date=2031-01-02`);
    await expectPath(page, `${consolePath}/sign-in?next=%2Fdispatch%3Fdate%3D2031-01-02`);
    expect(await page.getByText('Your session has expired').count()).toBe(0);

    await signInThroughForm(page, adminEmail, adminPassword);
    await expectPath(page, `${consolePath}/dispatch?date=2031-01-02`);
    await page.getByText('No runs on 2031-01-02 yet', { exact: false }).waitFor();
    // The packages left to plan, or the words for none: either way their read was asked again and answered.
    await page
      .getByRole('list', { name: 'Packages not on a run' })
      .or(page.getByText('Every package that can go out is on a run.'))
      .first()
      .waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('opens the dashboard after signing in from the bare sign-in page, and Sign out ends the session', async () => {
    const { consolePath, adminEmail, adminPassword } = readE2eEnvironment();
    const { page, context } = await freshPage();
    await gotoApp(page, `${consolePath}/sign-in`);
    await signInThroughForm(page, adminEmail, adminPassword);
    await expectPath(page, consolePath);
    await page.getByRole('heading', { name: 'Package Management Dashboard' }).waitFor();
    await expect.poll(() => page.title()).toBe('Package Management Dashboard | Waybill Console');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expectPath(page, `${consolePath}/sign-in`);
    expect((await callApi(context, 'GET', '/api/auth/me')).status).toBe(401);

    await gotoApp(page, `${consolePath}/inbox`);
    await expectPath(page, `${consolePath}/sign-in?next=%2Finbox`);
  });

  it('lands on the dashboard of this site when the return path is a trick', async () => {
    const { baseUrl, consolePath, adminEmail, adminPassword } = readE2eEnvironment();
    for (const trick of ['/\t/evil.example', '/\\evil.example', '/../uploads']) {
      const { page } = await freshPage();
      await gotoApp(page, `${consolePath}/sign-in?next=${encodeURIComponent(trick)}`);
      await signInThroughForm(page, adminEmail, adminPassword);
      await expectPath(page, consolePath);
      expect(new URL(page.url()).origin, trick).toBe(new URL(baseUrl).origin);
      await page.getByRole('heading', { name: 'Package Management Dashboard' }).waitFor();
    }
  });

  it('takes an operator whose session ended to sign-in with the expiry message, and back afterwards', async () => {
    const { consolePath, adminEmail, adminPassword } = readE2eEnvironment();
    const { page, context } = await freshPage();
    await signInAsOperator(context);
    await gotoApp(page, `${consolePath}/?q=nothing-matches-this`);
    await page.getByText('No packages match your search or filter.').waitFor();

    // The session ends on the server (as after 12 idle hours); the next console call answers 401.
    expect((await callApi(context, 'POST', '/api/auth/logout')).status).toBe(200);
    await page.getByRole('searchbox', { name: 'Search packages' }).fill('still-nothing');

    await expectPath(page, `${consolePath}/sign-in?next=%2F%3Fq%3Dstill-nothing&expired=1`);
    await page.getByText('Your session has expired. Please sign in again.').waitFor();

    await signInThroughForm(page, adminEmail, adminPassword);
    // The router writes the console's index without a trailing slash.
    await expectPath(page, `${consolePath}?q=still-nothing`);
    expect(await page.getByRole('searchbox', { name: 'Search packages' }).inputValue()).toBe('still-nothing');
  });
});
