/**
 * How the browser tests and the benchmarks start Debian's Chromium (or `CHROMIUM_PATH`): headless, no
 * sandbox (root in CI), nothing fetched in the background, plus `extraArgs`.
 */
export function chromiumLaunchOptions(extraArgs: readonly string[] = []) {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
