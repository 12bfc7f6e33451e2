import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, launchBrowser, newContext, waitForApp } from '../support/browser.ts';
import { readE2eEnvironment } from '../support/environment.ts';
import { fillPackage } from '../support/ship-form.ts';

// After Confirm & Submit the toast with the code goes after 9 seconds; the panel keeps the code, a copy
// button, the link to its tracking page and where the receipt went until the visitor leaves.

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

/** Fills the ship form as a customer would and confirms; resolves with the code the panel shows. */
async function shipPackage(page: Page, email: string): Promise<string> {
  await fillPackage(page, { Email: email });
  await page.getByRole('button', { name: 'Review Package' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Package Details' })
    .getByRole('button', { name: 'Confirm & Submit' })
    .click();
  const code = page.getByTestId('tracking-code');
  await code.waitFor();
  return (await code.textContent()) ?? '';
}

/** The .eml files the server wrote for a recipient (no SMTP server in the e2e run: DATA_DIR/outbox). */
async function mailsTo(address: string): Promise<string[]> {
  const directory = path.join(readE2eEnvironment().dataDir ?? '', 'outbox');
  const names = await readdir(directory).catch(() => [] as string[]);
  const mails = await Promise.all(
    names.filter((name) => name.endsWith('.eml')).map((name) => readFile(path.join(directory, name), 'utf8')),
  );
  // Quoted-printable parts break long lines with a trailing "="; join them again.
  return mails.filter((mail) => mail.includes(`To: ${address}`)).map((mail) => mail.replace(/=\r?\n/g, ''));
}

describe('the success panel after submitting', () => {
  it('keeps the code after the toast, copies it, says where the receipt went, and links to tracking', async () => {
    const context = await newContext(browser);
    contexts.push(context);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    // The page's timers run on Playwright's clock, so the toast's 9 seconds pass without waiting them.
    await page.clock.install();
    await page.goto('/create');
    await waitForApp(page);
    const email = `receipt-${Date.now()}@example.com`;
    const code = await shipPackage(page, email);
    expect(code).toMatch(/^[A-Z0-9]{12}$/);

    // The toast leaves after 9 seconds (SPEC §9), not before; the panel stays. The clock stops half a
    // second after the toast is seen, runs to 7 seconds (a margin for the moments before it stopped),
    // then past the 9, and goes on as usual.
    const toast = page.getByRole('alert').filter({ hasText: 'Package submitted successfully' });
    await toast.waitFor();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
    await page.clock.runFor(6_500);
    expect(await toast.count()).toBe(1);
    await page.clock.runFor(2_500);
    await toast.waitFor({ state: 'detached' });
    await page.clock.resume();
    const panel = page.getByTestId('submission-success');
    await panel.waitFor();
    expect(await page.getByTestId('tracking-code').textContent()).toBe(code);

    expect(await panel.textContent()).toContain(`We have sent a receipt with this code to ${email}.`);
    await expectNoSeriousA11yViolations(page);

    await panel.getByRole('button', { name: 'Copy tracking code' }).click();
    await panel.getByRole('button', { name: 'Tracking code copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    // The receipt was written for the shipper, with the code and its tracking link.
    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 15_000, interval: 250 }).toBe(1);
    const [receipt] = await mailsTo(email);
    expect(receipt).toContain(code);
    expect(receipt).toContain(`/track/${code}`);

    const link = panel.getByRole('link', { name: 'Track this package' });
    expect(await link.getAttribute('href')).toBe(`/track/${code}`);
    await link.click();
    await page.waitForURL(`**/track/${code}`);
    expect(await page.getByTestId('tracking-number').textContent()).toBe(code);
  });
});
