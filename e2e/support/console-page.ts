import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Cookie, Page } from 'playwright-core';
import { signInAsOperator } from './api.ts';
import { gotoApp, newContext, type OpenedPage, type OpenPageOptions } from './browser.ts';
import { readE2eEnvironment } from './environment.ts';

// Sign-in is rate limited even in tests (10 a minute), so a spec file signs in once and hands the
// session cookie to every fresh context it opens.
let operatorCookies: Promise<Cookie[]> | undefined;

function readOperatorCookies(browser: Browser): Promise<Cookie[]> {
  operatorCookies ??= (async () => {
    const context = await newContext(browser);
    try {
      await signInAsOperator(context);
      return await context.cookies();
    } finally {
      await context.close();
    }
  })();
  return operatorCookies;
}

/**
 * A fresh context holding the operator's session, with a page at the console screen `screenPath`
 * (relative to the console prefix, e.g. "/plan"), waited on until the app is interactive.
 */
export async function openConsolePage(
  browser: Browser,
  screenPath: string,
  options: Omit<OpenPageOptions, 'javaScript' | 'waitForApp'> = {},
): Promise<OpenedPage> {
  const context = await newContext(browser, options);
  await context.addCookies(await readOperatorCookies(browser));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await gotoApp(page, `${readE2eEnvironment().consolePath}${screenPath}`);
  return { page, context, errors };
}

/**
 * What the screen shows right now (viewport only) in e2e/artifacts/screenshots/<name>.png: for open
 * dialogs, which a full-page picture would show floating over the page's lower half.
 */
export async function screenshotViewport(page: Page, name: string): Promise<void> {
  const directory = path.resolve(import.meta.dirname, '../artifacts/screenshots');
  await mkdir(directory, { recursive: true });
  await page.screenshot({ path: path.join(directory, `${name}.png`), animations: 'disabled' });
}
