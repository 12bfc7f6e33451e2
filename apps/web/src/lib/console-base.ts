/** The meta the server inserts into the SPA fallback when it serves a console path. */
const CONSOLE_BASE_META = 'waybill-console-base';

/**
 * The console's path prefix (the router's basename), or undefined on public pages. The prefix lives
 * only in the server's configuration, so the bundle never contains it.
 */
export function readConsoleBase(doc: Document | undefined = typeof document === 'undefined' ? undefined : document) {
  const content = doc?.querySelector<HTMLMetaElement>(`meta[name="${CONSOLE_BASE_META}"]`)?.content.trim();
  // The look-behind starts a match at the first slash of a run only, so it takes linear time.
  return content ? content.replace(/(?<!\/)\/+$/, '') || undefined : undefined;
}

/** A console path (from the console prefix, as the router writes it) as an address of this site. */
export function consoleAddress(path: string): string {
  return `${readConsoleBase() ?? ''}${path}`;
}

/**
 * Loads the console page at `path` in place of this one: the console and the driver app are pages of
 * their own (each its own script), so going from one to the other is a page load, not a route change.
 */
export function openConsolePage(path: string): void {
  window.location.replace(consoleAddress(path));
}
