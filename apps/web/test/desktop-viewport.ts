/**
 * Makes `min-width` media queries match, as on a desktop screen (test/setup.ts's stub matches none,
 * which is a phone) until the end of the test: the setup puts the phone back after each.
 */
export function useDesktopViewport(): void {
  const phone = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...phone(query), matches: query.includes('min-width') });
}
