import { afterEach } from 'vitest';

// jsdom has no FontFaceSet; Mantine's autosizing Textarea listens on it for fonts loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener() {}, removeEventListener() {} },
  });
}

const stubbedMatchMedia = window.matchMedia;

/**
 * Makes `min-width` media queries match, as on a desktop screen (the shared jsdom stub matches none,
 * which is a phone). Restored after each test.
 */
export function useDesktopViewport(): void {
  window.matchMedia = (query: string) => ({ ...stubbedMatchMedia(query), matches: query.includes('min-width') });
}

afterEach(() => {
  window.matchMedia = stubbedMatchMedia;
});
