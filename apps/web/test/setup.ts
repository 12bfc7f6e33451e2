import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor give up after 1 s by default; on a busy two-core machine a render can take longer.
configure({ asyncUtilTimeout: 5000 });

// jsdom has neither; Mantine reads both (colour scheme, breakpoints, scroll areas).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.scrollTo = () => {};
// jsdom has no FontFaceSet; Mantine's autosizing text area listens to it for a late web font.
if (!document.fonts) Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });

afterEach(() => cleanup());
