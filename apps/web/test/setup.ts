import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor give up after 1 s by default; on a busy two-core machine a render can take longer.
configure({ asyncUtilTimeout: 5000 });

// jsdom has neither; Mantine reads both (colour scheme, breakpoints, scroll areas). No media query
// matches: a phone (test/desktop-viewport.ts makes the wide ones match for one test).
const phoneMatchMedia = (query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
});
Object.defineProperty(window, 'matchMedia', { writable: true, value: phoneMatchMedia });

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.scrollTo = () => {};
// jsdom has no FontFaceSet; Mantine's autosizing text area listens to it for a late web font.
if (!document.fonts) Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });

// The files of a worker share one window (isolate: false in vitest.config.ts): each test leaves it as it
// found it, with no toast, stored value, cookie or address of its own behind.
afterEach(() => {
  cleanup();
  window.matchMedia = phoneMatchMedia as unknown as typeof window.matchMedia;
  notifications.clean();
  notifications.cleanQueue();
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, '', '/');
});
