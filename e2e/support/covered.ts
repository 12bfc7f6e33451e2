import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** What may float over a page: the WhatsApp button and the toasts. */
const FLOATING = '[aria-label="Chat with us on WhatsApp"], .mantine-Notifications-root, [data-toasts]';

/**
 * Scrolls down through the page half a screenful at a time (below the fixed top bar) and, at each
 * position, asks the browser which element is on top at the centre of every visible link, button,
 * field and tab not checked yet (the bar's own controls included): none may be hidden under the
 * WhatsApp button or a toast. With a dialog open, only the
 * dialog's own controls count (the page behind it is inert). One evaluate for the whole page; the
 * scroll position is put back afterwards.
 */
export async function expectNothingFloatsOverControls(page: Page, what: string): Promise<void> {
  const covered = await page.evaluate((floating) => {
    const CONTROLS =
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="link"], [role="checkbox"], [role="radio"], [role="switch"], [role="combobox"]';
    const dialogs = [...document.querySelectorAll<HTMLElement>('[role="dialog"][aria-modal="true"], dialog[open]')];
    const scope: ParentNode = dialogs.at(-1) ?? document;
    const banner = document.querySelector<HTMLElement>('header');
    const fixedTop =
      banner && getComputedStyle(banner).position === 'fixed' && !dialogs.length
        ? banner.getBoundingClientRect().bottom
        : 0;
    const shown = (element: HTMLElement) => {
      const box = element.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) return false;
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && Number(style.opacity) > 0 && !element.closest('[aria-hidden="true"]');
    };
    const controls = [...scope.querySelectorAll<HTMLElement>(CONTROLS)].filter(
      (element) => !element.closest(floating) && shown(element),
    );
    // The fixed bar's own controls never move: they are checked where they are, at any position.
    const inBar = (element: HTMLElement) => fixedTop > 0 && banner!.contains(element);
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? (element as HTMLInputElement).name ?? '').trim().slice(0, 40)}"`;
    const start = window.scrollY;
    // Half a screenful at a time: a control is checked in the lower half of the screen, where it first
    // comes into view as the reader scrolls down, whole even when it is up to half a screen tall.
    const step = Math.max(100, Math.floor((window.innerHeight - fixedTop) / 2));
    const found: string[] = [];
    const pending = new Set(controls);
    for (let top = 0; pending.size > 0; top += step) {
      window.scrollTo({ top, behavior: 'instant' });
      for (const element of [...pending]) {
        const box = element.getBoundingClientRect();
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        const inView = inBar(element) || (y > fixedTop && y < window.innerHeight);
        if (!inView || x < 0 || x >= window.innerWidth) continue;
        pending.delete(element);
        const hit = document.elementFromPoint(x, y);
        const over = hit?.closest(floating);
        if (over && !over.contains(element)) found.push(`${name(element)} under ${name(over)} at ${Math.round(y)}px`);
      }
      // Past the end of the page: what is left never shows (a clipped or off-screen control).
      if (top + window.innerHeight >= document.documentElement.scrollHeight) break;
    }
    window.scrollTo({ top: start, behavior: 'instant' });
    return found;
  }, FLOATING);
  expect(covered, `${what}: controls under the WhatsApp button or a toast`).toEqual([]);
}
