// The browser of the road benchmarks: Debian's full Chromium driven by playwright-core, contexts signed in
// with a session made over HTTP, and the network profile of Lighthouse's mobile audits.
import { chromiumLaunchOptions, FULL_CHROMIUM } from '@waybill/testing';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import type { Session } from './lib/session.ts';

/**
 * Lighthouse's mobile "slow 4G" (its `mobileSlow4G` constants): 150 ms round trip, 1.6 Mbps down, 750
 * Kbps up (Lighthouse counts a kilobit as 1,024 bits), applied as DevTools' network conditions.
 */
export const SLOW_4G = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
} as const;

export function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions(['--disable-dev-shm-usage'], { executablePath: FULL_CHROMIUM }));
}

/** The session's cookies for a browser context on the server at `baseUrl`. */
export function cookiesOf(session: Session, baseUrl: string) {
  return session.cookie.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl };
  });
}

/** A signed-in context as a phone (390 × 844, touch), or as a desktop (1280 × 800) for the console. */
export async function signedInContext(
  browser: Browser,
  baseUrl: string,
  session: Session,
  device: 'phone' | 'desktop',
  serviceWorkers: 'allow' | 'block' = 'allow',
): Promise<BrowserContext> {
  const context = await browser.newContext(
    device === 'phone'
      ? { baseURL: baseUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers }
      : { baseURL: baseUrl, viewport: { width: 1280, height: 800 }, serviceWorkers },
  );
  await context.addCookies(cookiesOf(session, baseUrl));
  return context;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The nearest-rank percentile (p95 of 20 values is the 19th). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
