import type { Browser, BrowserContext, Cookie } from 'playwright-core';
import { signInAsOperator } from './api.ts';
import {
  collectErrors,
  giveBack,
  gotoApp,
  newContext,
  type OpenedPage,
  type OpenPageOptions,
  takeTab,
} from './browser.ts';
import { readE2eEnvironment } from './environment.ts';

// Sign-in is rate limited even in tests (10 a minute), so a spec file signs in once and hands the
// session cookie to every context it opens: one sign-in for each browser that launchBrowser gave, that
// is for each file (a file that signs out or changes a password leaves the next file's session alone).
const operatorCookies = new WeakMap<Browser, Promise<Cookie[]>>();

function readOperatorCookies(browser: Browser): Promise<Cookie[]> {
  const known = operatorCookies.get(browser);
  if (known) return known;
  const cookies = (async () => {
    const context = await newContext(browser);
    try {
      await signInAsOperator(context);
      return await context.cookies();
    } finally {
      await context.close();
    }
  })();
  operatorCookies.set(browser, cookies);
  return cookies;
}

/** A context holding the operator's session (the spec file's one sign-in). */
export async function newConsoleContext(
  browser: Browser,
  options: Omit<OpenPageOptions, 'javaScript' | 'waitForApp'> = {},
): Promise<BrowserContext> {
  const context = await newContext(browser, options);
  await context.addCookies(await readOperatorCookies(browser));
  return context;
}

/**
 * A page at the console screen `screenPath` (relative to the console prefix, e.g. "/plan"), waited on
 * until the app is interactive: in a fresh context holding the operator's session when given the
 * browser, or in a tab of `context` (made with newConsoleContext) when given one. `close()` closes
 * what was opened for it: the context, or gives the tab back (support/browser.ts: takeTab).
 */
export async function openConsolePage(
  target: Browser | BrowserContext,
  screenPath: string,
  options: Omit<OpenPageOptions, 'javaScript' | 'waitForApp'> = {},
): Promise<OpenedPage & { close: () => Promise<void> }> {
  const own = 'newContext' in target;
  const context = own ? await newConsoleContext(target, options) : target;
  const page = own ? await context.newPage() : await takeTab(context);
  const errors = collectErrors(page);
  await gotoApp(page, `${readE2eEnvironment().consolePath}${screenPath}`);
  return { page, context, errors, close: () => (own ? context.close() : giveBack(context, page)) };
}
