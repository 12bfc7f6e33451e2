import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { readE2eEnvironment } from './environment.ts';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 812 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;
export type ColourMode = 'light' | 'dark';

/** Every combination screenshots cover: light and dark, desktop and 375 px. */
export const LOOKS = [
  { viewport: 'desktop', mode: 'light' },
  { viewport: 'desktop', mode: 'dark' },
  { viewport: 'mobile', mode: 'light' },
  { viewport: 'mobile', mode: 'dark' },
] as const satisfies readonly { viewport: ViewportName; mode: ColourMode }[];

/**
 * The axe rules worth running in a look, when a page is checked in all four: every rule at each
 * viewport once (desktop light, 375 px dark), since the layout and what is visible change with the
 * width; in the other two only the rules whose verdict changes with the colours. A full run costs a
 * few seconds on a long page, so this halves the time without leaving a rule or a look unchecked.
 */
export function axeRulesFor(look: { viewport: ViewportName; mode: ColourMode }): readonly string[] | undefined {
  const full = (look.viewport === 'desktop') === (look.mode === 'light');
  return full ? undefined : COLOUR_RULES;
}
// The rules axe runs by default whose verdict depends on colours (the AAA contrast rule is off by default).
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts/screenshots');
const COLOUR_MODE_KEY = 'mantine-color-scheme-value';

/**
 * Debian's Chromium (or CHROMIUM_PATH) through playwright-core, quiet and offline-friendly;
 * `extraArgs` for a spec that needs more (a fake camera).
 */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

export interface OpenPageOptions {
  viewport?: ViewportName;
  /** Saved colour mode before the first script runs, as a returning visitor would have it. */
  mode?: ColourMode;
  /** false: the HTML as a crawler or a visitor without scripts gets it. */
  javaScript?: boolean;
  /** false: return as soon as the HTML loaded; otherwise wait until the app is interactive. */
  waitForApp?: boolean;
  /**
   * false: leave the page's islands asleep (they wake on a visitor's first use, as they do for a
   * visitor); otherwise wake each, as a pointer moving over it does, and wait until all have hydrated.
   */
  wakeIslands?: boolean;
  /** Another server than the shared one (a spec that starts its own); the shared one by default. */
  baseUrl?: string;
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions seen so far (hydration mismatches show up here). */
  errors: string[];
}

/** A fresh context (no shared cookies or storage) and a page at `path` of the app under test. */
export async function openPage(browser: Browser, pathname: string, options: OpenPageOptions = {}): Promise<OpenedPage> {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await gotoApp(page, pathname, {
    ready: options.waitForApp ?? options.javaScript !== false,
    wakeIslands: options.wakeIslands,
  });
  return { page, context, errors };
}

/** A context with the viewport, colour mode and script setting of `options`. */
export async function newContext(browser: Browser, options: OpenPageOptions = {}): Promise<BrowserContext> {
  const viewport = VIEWPORTS[options.viewport ?? 'desktop'];
  const context = await browser.newContext({
    baseURL: options.baseUrl ?? readE2eEnvironment().baseUrl,
    viewport,
    isMobile: options.viewport === 'mobile' ? true : undefined,
    hasTouch: options.viewport === 'mobile' ? true : undefined,
    javaScriptEnabled: options.javaScript ?? true,
  });
  if (options.mode) {
    await context.addInitScript(
      ([key, mode]) => {
        if (!window.sessionStorage.getItem('e2e-mode-seeded')) {
          window.localStorage.setItem(key, mode);
          window.sessionStorage.setItem('e2e-mode-seeded', '1');
        }
      },
      [COLOUR_MODE_KEY, options.mode] as const,
    );
  }
  return context;
}

/** Navigates and, unless told otherwise, waits until the page is interactive (see waitForApp). */
export async function gotoApp(
  page: Page,
  pathname: string,
  { ready = true, wakeIslands = true }: { ready?: boolean; wakeIslands?: boolean } = {},
): Promise<void> {
  await page.goto(pathname, { waitUntil: 'load' });
  if (ready) await waitForApp(page, { wakeIslands });
}

/**
 * Resolves once the page is interactive (after a reload too): its script has run (it marks <html>),
 * and, unless told otherwise, every island of a public page has woken, as if a pointer had moved over
 * each, and hydrated. The console's pages have none.
 */
export async function waitForApp(page: Page, { wakeIslands = true } = {}): Promise<void> {
  await page.locator('html[data-waybill-ready]').waitFor({ state: 'attached', timeout: 15_000 });
  if (!wakeIslands) return;
  await page.evaluate(() => {
    for (const island of document.querySelectorAll('[data-island]:not([data-island-awake])')) {
      island.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    }
  });
  await page.waitForFunction(
    () => [...document.querySelectorAll('[data-island]')].every((island) => island.hasAttribute('data-island-awake')),
    undefined,
    { timeout: 30_000 },
  );
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** axe-core on the current page; fails on serious or critical violations, listing each with its nodes. */
export async function expectNoSeriousA11yViolations(
  page: Page,
  { exclude = [] as string[], rules }: { exclude?: string[]; rules?: readonly string[] } = {},
): Promise<void> {
  // Let running transitions (a dialog fading in, a toast sliding) end first: axe measures contrast on
  // half-faded text otherwise, and a slow machine catches them mid-way.
  await page.evaluate(() =>
    Promise.race([
      Promise.allSettled(document.getAnimations().map((animation) => animation.finished)),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  let builder = new AxeBuilder({ page });
  for (const selector of exclude) builder = builder.exclude(selector);
  if (rules) builder = builder.withRules([...rules]);
  const { violations } = await builder.analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
  expect(serious, `axe found serious violations on ${page.url()}`).toEqual([]);
}

/** Full-page PNG in e2e/artifacts/screenshots/<name>.png (git-ignored), transitions frozen. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

/** Screenshots `pathname` in every LOOK as `<name>-<viewport>-<mode>.png`. */
export async function screenshotLooks(browser: Browser, pathname: string, name: string): Promise<void> {
  for (const look of LOOKS) {
    const { page, context } = await openPage(browser, pathname, look);
    try {
      // Let data blocks (plans, contact details) fill in before the picture.
      await page.waitForLoadState('networkidle');
      await screenshot(page, `${name}-${look.viewport}-${look.mode}`);
    } finally {
      await context.close();
    }
  }
}
