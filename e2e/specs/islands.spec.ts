// The public pages' interactive parts (islands) sleep until a visitor uses them: nothing of React loads
// before, and what the visitor did before one woke (typing, a click, Enter) is kept and acted on.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitPackage } from '../support/api.ts';
import { launchBrowser, newContext } from '../support/browser.ts';

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

/** A public page as a visitor gets it: its script has run, its islands are asleep. */
async function openAsleep(path: string): Promise<{ page: Page; scripts: string[]; errors: string[] }> {
  const context = await newContext(browser);
  contexts.push(context);
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(path, { waitUntil: 'load' });
  await page.locator('html[data-waybill-ready]').waitFor({ state: 'attached' });
  return { page, scripts, errors };
}

const awake = (page: Page) => page.locator('[data-island][data-island-awake]');
const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

describe('islands', () => {
  it('load no island code until used, then only that island’s', async () => {
    const { page, scripts } = await openAsleep('/create');
    // The page's own script and its helper; nothing of React, Mantine or the form, even once the page
    // has gone quiet (no request for half a second: whatever loads by itself has loaded).
    await page.waitForLoadState('networkidle');
    expect(
      scripts.every((script) => /^\/(color-scheme|assets\/(public|preload-helper)-[\w-]+)\.js$/.test(script)),
    ).toBe(true);
    expect(await awake(page).count()).toBe(0);
    await field(page, 'Name').focus();
    await awake(page).first().waitFor({ state: 'attached' });
    expect(scripts.some((script) => script.startsWith('/assets/ship-form-'))).toBe(true);
  });

  it('keeps what was typed before the shipping form woke, and opens the review the click asked for', async () => {
    const { page } = await openAsleep('/create');
    // Typed at once, then the button pressed: the form wakes on the first focus and catches up.
    await field(page, 'Name').fill('Ada Obi');
    await field(page, 'Email').fill('ada@example.com');
    await field(page, 'Phone').fill('+234 801 000 0000');
    await field(page, 'Pickup Location').fill('12 Marina, Lagos');
    await field(page, "Receiver's Name").fill('Kofi Mensah');
    await field(page, "Receiver's Email").fill('kofi@example.com');
    await field(page, "Receiver's Phone").fill('+233 20 000 0000');
    await field(page, 'Destination').fill('4 Oxford Street, Accra');
    await field(page, 'Description').fill('Two hardback textbooks');
    await page.getByRole('button', { name: 'Review Package' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Package Details' });
    await dialog.waitFor();
    const shown = (label: string) =>
      dialog
        .locator('dt', { hasText: new RegExp(`^${label}$`) })
        .locator('+ dd')
        .textContent();
    expect(await shown('Name')).toBe('Ada Obi');
    expect(await shown('Destination')).toBe('4 Oxford Street, Accra');
  });

  it('tracks a code typed and sent with Enter before the tracking box woke', async () => {
    const customer = await newContext(browser);
    contexts.push(customer);
    const code = await submitPackage(customer);
    const { page } = await openAsleep('/track');
    await field(page, 'Tracking code').fill(code.toLowerCase());
    await field(page, 'Tracking code').press('Enter');
    await page.waitForURL(`**/track/${code}`);
    await page.getByTestId('tracking-number').getByText(code, { exact: true }).waitFor();
  });

  it('opens a question of the FAQ clicked before it woke', async () => {
    const { page, errors } = await openAsleep('/pricing');
    const faq = page.getByRole('region', { name: 'Pricing questions' });
    const question = faq.getByRole('button', { name: 'Is my package insured?' });
    await question.click();
    await expect.poll(() => question.getAttribute('aria-expanded')).toBe('true');
    await faq.getByText('coverage up to $5,000').waitFor();
    expect(errors).toEqual([]);
  });
});
