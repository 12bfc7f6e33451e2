import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  axeRulesFor,
  type ColourMode,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  readColourMode,
  screenshot,
  screenshotViewport,
  switchColourMode,
  type ViewportName,
  waitForApp,
} from './browser.ts';
import { expectNothingFloatsOverControls } from './covered.ts';

export interface LoadedScreen {
  /** Names the screen in failures and screenshots. */
  name: string;
  viewport: ViewportName;
  /** The page's "Toggle colour mode" button (default), or the browser's preference (pages without one). */
  modeBy?: 'toggle' | 'preference';
  /** Dialogs and drawers: entered, checked and left again in each colour mode. */
  states?: { name: string; enter(page: Page): Promise<void>; exit(page: Page): Promise<void> }[];
  exclude?: string[];
  /** Console errors (or warnings) the screen causes on purpose. */
  allowErrors?: RegExp;
}

async function switchMode(page: Page, mode: ColourMode, by: 'toggle' | 'preference'): Promise<void> {
  if (by === 'toggle') return switchColourMode(page, mode);
  await page.emulateMedia({ colorScheme: mode });
  await expect
    .poll(() => page.evaluate(() => window.matchMedia('(prefers-color-scheme: dark)').matches))
    .toBe(mode === 'dark');
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Checks a loaded screen in both colour modes without reloading it: light as loaded (the mode the
 * context remembers), then dark through the real toggle, and back to light, so the toggle is proven
 * on every screen that has one and the next screen starts light. In each mode: axe (every rule in one
 * mode, the colour rules in the other: axeRulesFor), no sideways scroll, no control under the WhatsApp
 * button or a toast; each state (a dialog) the same way, in the look where every axe rule runs. At the end, no console error, warning or
 * uncaught exception since the page opened (`errors`).
 */
export async function checkScreenInBothModes(page: Page, errors: string[], screen: LoadedScreen): Promise<void> {
  const by = screen.modeBy ?? 'toggle';
  const where = (mode: ColourMode, state?: string) =>
    `${screen.name}${state ? ` (${state})` : ''} at ${screen.viewport}, ${mode}`;
  if (by === 'toggle') expect(await readColourMode(page), `${screen.name} opens in the remembered mode`).toBe('light');
  for (const mode of ['light', 'dark'] as const) {
    if (mode === 'dark') await switchMode(page, 'dark', by);
    const rules = axeRulesFor({ viewport: screen.viewport, mode });
    await expectNoSeriousA11yViolations(page, { rules, exclude: screen.exclude, what: where(mode) });
    await expectNoSidewaysScroll(page, where(mode));
    await expectNothingFloatsOverControls(page, where(mode));
    await screenshot(page, `${slug(screen.name)}-${screen.viewport}-${mode}`);
    // A dialog or drawer is checked once a width, in the look where axe runs every rule (axeRulesFor):
    // its layout changes with the width, its colours are the screen's own, checked in both looks.
    for (const state of rules === undefined ? (screen.states ?? []) : []) {
      await state.enter(page);
      await expectNoSeriousA11yViolations(page, { rules, exclude: screen.exclude, what: where(mode, state.name) });
      await expectNoSidewaysScroll(page, where(mode, state.name));
      await expectNothingFloatsOverControls(page, where(mode, state.name));
      await screenshotViewport(page, `${slug(`${screen.name} ${state.name}`)}-${screen.viewport}-${mode}`);
      await state.exit(page);
    }
  }
  await switchMode(page, 'light', by);
  const unexpected = errors.filter((error) => !screen.allowErrors?.test(error));
  expect(unexpected, `console errors and warnings on ${screen.name} at ${screen.viewport}`).toEqual([]);
}

/**
 * Loads `pathname` in `page` and waits until it is interactive; islands wake only when asked. A page
 * without the app's script (the server's small pages) is ready once loaded.
 */
export async function loadScreen(
  page: Page,
  pathname: string,
  { wakeIslands = false, script = true }: { wakeIslands?: boolean; script?: boolean } = {},
): Promise<void> {
  await page.goto(pathname, { waitUntil: 'load' });
  if (script) await waitForApp(page, { wakeIslands });
}
