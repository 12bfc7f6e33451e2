/**
 * The browser tests' Chromium: Debian's `chromium-headless-shell`, the headless-only build of Chromium
 * (what Playwright itself runs headless), which spends about a third less CPU than the full browser on
 * the same specs (docs/decisions/0062). `CHROMIUM_PATH` replaces it.
 */
export const TEST_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/**
 * The benchmarks' Chromium: the full browser, as a visitor runs it, which Lighthouse and the driver
 * app's figures measure. `CHROMIUM_PATH` replaces it.
 */
export const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * How the browser tests and the benchmarks start Debian's Chromium: headless, no sandbox (root in CI),
 * nothing fetched in the background, plus `extraArgs`; the tests' headless shell unless told otherwise.
 */
export function chromiumLaunchOptions(
  extraArgs: readonly string[] = [],
  { executablePath = TEST_CHROMIUM }: { executablePath?: string } = {},
) {
  return {
    executablePath,
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
  };
}
