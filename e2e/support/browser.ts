import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromiumLaunchOptions } from '@waybill/testing';
import axe, { type AxeResults, type RunOptions } from 'axe-core';
import { type Browser, type BrowserContext, chromium, type Frame, type Page } from 'playwright-core';
import { expect, onTestFinished } from 'vitest';
import { readE2eEnvironment } from './environment.ts';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 812 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;
export type ColourMode = 'light' | 'dark';

/** Every combination the screens walk checks: light and dark, desktop and 375 px. */
export const LOOKS = [
  { viewport: 'desktop', mode: 'light' },
  { viewport: 'desktop', mode: 'dark' },
  { viewport: 'mobile', mode: 'light' },
  { viewport: 'mobile', mode: 'dark' },
] as const satisfies readonly { viewport: ViewportName; mode: ColourMode }[];

/**
 * The axe rules worth running in a look, when a screen is checked in all four: every rule at each
 * width once (desktop light, 375 px dark), since the layout and what is visible change with the
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
/** Where the site keeps the visitor's colour mode (Mantine's key). */
export const COLOUR_MODE_KEY = 'mantine-color-scheme-value';

function launch(extraArgs: readonly string[]): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions(extraArgs));
}

/** The worker's Chromium, launched at the first file's first use, for every file the worker runs. */
let shared: Promise<Browser> | undefined;

/**
 * Debian's Chromium (or CHROMIUM_PATH) through playwright-core, quiet and offline-friendly, for one
 * spec file. The files of a worker run one after another in one process (isolate: false in
 * vitest.config.ts) and share one Chromium, as launching one costs a second of CPU and its browser
 * process more; what a file gets is that browser whose close() closes the contexts the file made, so a
 * file still starts with no cookie, storage or page of another's. `extraArgs` (a fake camera) launch a
 * Chromium of the file's own, which close() ends.
 */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  if (extraArgs.length > 0) return launch(extraArgs);
  shared ??= launch([]);
  const browser = await shared;
  const before = new Set(browser.contexts());
  const close = async () => {
    for (const context of browser.contexts()) if (!before.has(context)) await context.close();
  };
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'close') return close;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
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

/**
 * A page at `pathname` of the app under test: in a fresh context (no shared cookies or storage) when
 * given the browser, or as a tab of `context` when given one (a spec's context, whose cache of the
 * app's scripts stays warm from test to test; `options` then apply to the context's own settings only
 * as it was made). `close()` closes what was opened for it: the context, or gives the tab back to
 * `context` for the next openPage (see takeTab).
 */
export async function openPage(
  target: Browser | BrowserContext,
  pathname: string,
  options: OpenPageOptions = {},
): Promise<OpenedPage & { close: () => Promise<void> }> {
  const own = 'newContext' in target;
  const context = own ? await newContext(target, options) : target;
  const page = own ? await context.newPage() : await takeTab(context);
  const errors = collectErrors(page);
  await gotoApp(page, pathname, {
    ready: options.waitForApp ?? options.javaScript !== false,
    wakeIslands: options.wakeIslands,
  });
  return { page, context, errors, close: () => (own ? context.close() : giveBack(context, page)) };
}

/** Tabs given back (giveBack), by context, waiting for the next test. */
const idleTabs = new WeakMap<BrowserContext, Page[]>();

/**
 * A tab of `context`: one a finished test gave back, or a new one. Each test still opens its own
 * document, while a new tab starts a renderer process (half a second of CPU on this machine) and
 * compiles the app's scripts again (another half): thirty page loads took 40 s of CPU in new tabs of
 * one context and 12 s in one tab.
 */
export async function takeTab(context: BrowserContext): Promise<Page> {
  const idle = idleTabs.get(context) ?? [];
  let page = idle.pop();
  while (page?.isClosed()) page = idle.pop();
  page ??= await context.newPage();
  giveBackWhenTestEnds(context, page);
  return page;
}

/**
 * A tab taken in a test goes back to its context when the test ends, whether or not the test gave it
 * back itself: a tab kept open holds a renderer process, and the next test's takeTab would start
 * another (the dashboard's eight tests held 15 renderers). Taken in a hook, it is the hook's to give.
 */
function giveBackWhenTestEnds(context: BrowserContext, page: Page): void {
  try {
    onTestFinished(() => giveBack(context, page));
  } catch {
    // Outside a test (beforeAll): the file keeps the tab.
  }
}

/**
 * Gives a tab back to `context` as a new one would be: no listener or route of the test's, no emulated
 * media, the context's viewport and an empty session storage. Its document stays until the next test
 * opens its own: a blank page in between costs a renderer process of its own (8 s of CPU more over
 * thirty page loads).
 */
export async function giveBack(context: BrowserContext, page: Page): Promise<void> {
  if (page.isClosed() || idleTabs.get(context)?.includes(page)) return;
  await page.removeAllListeners();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.evaluate(() => window.sessionStorage.clear()).catch(() => {});
  await page.emulateMedia({ media: null, colorScheme: null, reducedMotion: null, forcedColors: null });
  const viewport = tabViewports.get(context);
  if (viewport) await page.setViewportSize(viewport);
  const idle = idleTabs.get(context) ?? [];
  idleTabs.set(context, idle);
  idle.push(page);
}

/** The viewport each context of newContext was made with, which giveBack restores. */
const tabViewports = new WeakMap<BrowserContext, { width: number; height: number }>();

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
  tabViewports.set(context, viewport);
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

/**
 * Console errors and uncaught exceptions of `page` from now on (hydration mismatches show up here);
 * with `warnings`, the console's warnings too, each starting "warning: ".
 */
export function collectErrors(page: Page, { warnings = false }: { warnings?: boolean } = {}): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' && warnings) {
      errors.push(`warning: ${message.text()}`);
      return;
    }
    if (message.type() !== 'error') return;
    // A resource that failed names itself only through its location.
    const { url } = message.location();
    errors.push(
      message.text().startsWith('Failed to load resource') && url ? `${message.text()}: ${url}` : message.text(),
    );
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * axe-core on the current page; fails on serious or critical violations, listing each with its nodes.
 * `rules` runs only those rules (see axeRulesFor). axe runs in the page itself, as AxeBuilder's legacy
 * mode runs it (the same rules, in every frame, without the blank page and the partial results it
 * otherwise sends between pages, which cost more than the rules on a long page) and keeps only the
 * violations' nodes; it is put into each document once (injectAxe), where AxeBuilder evaluates its
 * 580 kB twice a check: a screen checked in both colour modes, its dialogs too, paid that again and
 * again.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  {
    exclude = [] as string[],
    rules,
    what = page.url(),
  }: { exclude?: string[]; rules?: readonly string[]; what?: string } = {},
): Promise<void> {
  // Let running transitions (a dialog fading in, a toast sliding) end first: axe measures contrast on
  // half-faded text otherwise, and a slow machine catches them mid-way. A spinner's animation never
  // ends: it is left out, or every check would wait out the two seconds while one turns.
  await page.evaluate(() =>
    Promise.race([
      Promise.allSettled(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
          .map((animation) => animation.finished),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  const { violations } = await runAxe(
    page,
    { resultTypes: ['violations'], ...(rules ? { runOnly: { type: 'rule', values: [...rules] } } : {}) },
    exclude,
  );
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
  expect(serious, `axe found serious violations on ${what}`).toEqual([]);
}

/**
 * axe.run with `options` on the whole page but `exclude` (selectors), from its top frame, with axe in
 * every frame first (injectAxe).
 */
export async function runAxe(page: Page, options: RunOptions, exclude: string[] = []): Promise<AxeResults> {
  for (const frame of page.frames()) await injectAxe(frame, frame === page.mainFrame());
  const answer = await page.evaluate(
    async ({ exclude, options }) => {
      const { axe } = window as unknown as { axe: { run(context: object, options: object): Promise<unknown> } };
      try {
        return { results: await axe.run({ exclude }, options), error: null };
      } catch (error) {
        return { results: null, error: (error as Error).message };
      }
    },
    { exclude, options },
  );
  if (answer.error !== null) throw new Error(`axe failed on ${page.url()}: ${answer.error}`);
  return answer.results as AxeResults;
}

/**
 * axe-core in `frame`'s document unless it is there already, set up as AxeBuilder sets it (same-origin
 * frames, playwright's branding). The top frame must take it; another frame that does not (one
 * closing, one that does not load it within a second) is left out, as AxeBuilder leaves it.
 */
async function injectAxe(frame: Frame, top: boolean): Promise<void> {
  const inject = async () => {
    const present = await frame.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
    if (present) return;
    await frame.evaluate(axe.source);
    await frame.evaluate(() =>
      (window as unknown as { axe: typeof axe }).axe.configure({
        allowedOrigins: ['<same_origin>'],
        branding: { application: 'playwright' },
      }),
    );
  };
  if (top) return inject();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([inject(), new Promise((resolve) => (timer = setTimeout(resolve, 1_000)))])
    .catch(() => undefined)
    .finally(() => clearTimeout(timer));
}

/**
 * Fails when the page is wider than the screen: nothing may make a visitor scroll sideways. Measured
 * against the context's viewport, not innerWidth: a phone (isMobile) zooms out to fit a page that is
 * too wide, and innerWidth grows with it.
 */
export async function expectNoSidewaysScroll(page: Page, what = page.url()): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth - width, `${what} scrolls sideways by ${scrollWidth - width}px`).toBeLessThanOrEqual(0);
}

/** The colour mode the page shows now (the attribute color-scheme.js, the toggle and Mantine set). */
export function readColourMode(page: Page): Promise<string | null> {
  return page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
}

/**
 * Clicks the page's real "Toggle colour mode" button and waits until the page shows `mode` and has
 * remembered it (the public pages' script and the console's Mantine manager both keep it in storage).
 */
export async function switchColourMode(page: Page, mode: ColourMode): Promise<void> {
  await page.getByRole('button', { name: 'Toggle colour mode' }).click();
  await expect
    .poll(() => readColourMode(page), { timeout: 5_000, message: `the toggle switches ${page.url()} to ${mode}` })
    .toBe(mode);
  const stored = await page.evaluate((key) => window.localStorage.getItem(key), COLOUR_MODE_KEY);
  expect(stored, 'the chosen colour mode is remembered').toBe(mode);
}

/**
 * Screenshots are taken only on demand, since no test compares them: with E2E_SCREENSHOTS=1 in the
 * environment, e.g.
 *   E2E_SCREENSHOTS=1 node node_modules/vitest/vitest.mjs run --project e2e e2e/specs/screens-*.spec.ts
 * the screens walk (and any spec that screenshots) writes PNGs to e2e/artifacts/screenshots/
 * (git-ignored), light and dark, desktop and 375 px. Without it these helpers do nothing.
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/** Full-page PNG in e2e/artifacts/screenshots/<name>.png with E2E_SCREENSHOTS=1, transitions frozen. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/**
 * What the screen shows right now (viewport only), with E2E_SCREENSHOTS=1: for open dialogs, which a
 * full-page picture would show floating over the page's lower half.
 */
export async function screenshotViewport(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), animations: 'disabled' });
}
