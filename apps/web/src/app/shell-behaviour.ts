// The few lines of script the public shell needs before (and without) any island: the colour mode
// toggle and the full-screen menu of small screens. Both work on the server's HTML as it is.
import { COLOR_SCHEME_STORAGE_KEY } from '../lib/colour-scheme-key.ts';

/** The toggle switches light and dark at once and remembers the choice (public/color-scheme.js reads it). */
export function startColourToggle(): void {
  const root = document.documentElement;
  for (const button of document.querySelectorAll('[data-colour-toggle]')) {
    button.addEventListener('click', () => {
      const next = root.getAttribute('data-mantine-color-scheme') === 'dark' ? 'light' : 'dark';
      root.setAttribute('data-mantine-color-scheme', next);
      try {
        window.localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, next);
      } catch {
        // storage blocked: the mode holds for this page only
      }
    });
  }
}

/**
 * The burger opens the menu, a modal <dialog>: the browser keeps focus inside it, Escape closes it and
 * the page behind is inert. A link in it is an ordinary navigation; the menu closes when the screen
 * grows past the burger's width and when Back or Forward bring the page back from the browser's cache.
 */
export function startSiteMenu(): void {
  const menu = document.getElementById('site-menu');
  const burger = document.querySelector<HTMLElement>('[data-menu-open]');
  if (!(menu instanceof HTMLDialogElement) || !burger) return;
  const setOpened = (opened: boolean) => burger.setAttribute('aria-expanded', String(opened));
  burger.addEventListener('click', () => {
    menu.showModal();
    setOpened(true);
  });
  menu.querySelector('[data-menu-close]')?.addEventListener('click', () => menu.close());
  menu.addEventListener('close', () => setOpened(false));
  window.matchMedia('(min-width: 62em)').addEventListener('change', (event) => {
    if (event.matches) menu.close();
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) menu.close();
  });
}
