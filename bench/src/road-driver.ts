// The driver app with a run of 120 stops: Lighthouse mobile on its first load (signed in as the driver),
// the JavaScript the page fetched to show its first stop, and the time from tapping "Next" to the next
// stop painted, with the CPU slowed 4× (and at full speed, for comparison).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { FULL_CHROMIUM } from '@waybill/testing';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { type Browser, chromium, type Page } from 'playwright-core';
import { WEB_DIST } from './lib/paths.ts';
import { type Row, round } from './lib/table.ts';
import { cookiesOf, median, percentile, signedInContext } from './road-browser.ts';
import { ADMIN_PATH, type RoadDay } from './road-day.ts';

const LIGHTHOUSE_RUNS = 3;
const LIGHTHOUSE_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];
/** Goals: Lighthouse mobile performance ≥ 90, first-load JavaScript ≤ 150 KB gzip, a stop opened in < 100 ms. */
export const DRIVER_GOALS = { performance: 90, jsKb: 150, openMs: 100 } as const;
/** Stops opened per CPU speed (after two not counted). */
const OPENINGS = 20;
const WARM_UP = 2;

const score = (value: number | null | undefined) => (value == null ? Number.NaN : Math.round(value * 100));

/**
 * Puts the driver's session cookies in the browser's own cookie jar, as on a phone that signed in. Sent
 * as Lighthouse's extra headers, they reached the page's own requests only, not the service worker's:
 * from the second run on, the session came back empty and the audit measured the way to the sign-in
 * page. Lighthouse clears the origin's workers and caches between runs, never its cookies.
 */
async function putCookies(port: number, day: RoadDay): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('The browser Lighthouse drives has no context');
    await context.addCookies(cookiesOf(day.roadSession, day.server.url));
  } finally {
    await browser.close();
  }
}

/**
 * Lighthouse (default mobile settings) of ADMIN_PATH/driver signed in as the driver: the median run. A
 * run that did not end on the app's address (sent to sign in) is not counted.
 */
export async function auditDriverApp(day: RoadDay): Promise<Row> {
  const chrome = await chromeLauncher.launch({
    chromePath: FULL_CHROMIUM,
    chromeFlags: LIGHTHOUSE_FLAGS,
  });
  const runs: Row[] = [];
  try {
    await putCookies(chrome.port, day);
    // A run Lighthouse could not record (NO_NAVSTART on a busy machine) is taken again, twice at most.
    for (let attempt = 0; runs.length < LIGHTHOUSE_RUNS && attempt < LIGHTHOUSE_RUNS + 2; attempt++) {
      const result = await lighthouse(`${day.server.url}${ADMIN_PATH}/driver`, {
        port: chrome.port,
        logLevel: 'error',
        output: 'json',
      });
      if (!result) throw new Error('Lighthouse returned nothing for the driver app');
      const { categories, audits, runtimeError } = result.lhr;
      if (runtimeError) {
        console.warn(`Lighthouse could not measure the driver app: ${runtimeError.code} ${runtimeError.message}`);
        continue;
      }
      if (new URL(result.lhr.finalDisplayedUrl).pathname !== `${ADMIN_PATH}/driver`) {
        console.warn(`Lighthouse ended on ${result.lhr.finalDisplayedUrl}, not the driver app: run not counted`);
        continue;
      }
      const summary = (
        audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
      )?.items;
      const script = summary?.find((item) => item.resourceType === 'script');
      runs.push({
        performance: score(categories.performance?.score),
        accessibility: score(categories.accessibility?.score),
        'best practices': score(categories['best-practices']?.score),
        'FCP s': round((audits['first-contentful-paint']?.numericValue ?? Number.NaN) / 1000, 2),
        'LCP s': round((audits['largest-contentful-paint']?.numericValue ?? Number.NaN) / 1000, 2),
        'TBT ms': Math.round(audits['total-blocking-time']?.numericValue ?? Number.NaN),
        CLS: round(audits['cumulative-layout-shift']?.numericValue ?? Number.NaN, 3),
        'script KB transferred': round((script?.transferSize ?? Number.NaN) / 1024, 1),
      });
    }
  } finally {
    chrome.kill();
  }
  if (runs.length === 0) return { measure: 'Lighthouse mobile', performance: 'not measured' };
  const sorted = [...runs].sort((a, b) => Number(a.performance) - Number(b.performance));
  const kept = sorted[Math.floor(sorted.length / 2)]!;
  return {
    measure: 'Lighthouse mobile',
    ...kept,
    'performance runs': runs.map((run) => run.performance).join(' / '),
    [`goal ≥ ${DRIVER_GOALS.performance}`]: Number(kept.performance) >= DRIVER_GOALS.performance ? 'met' : 'not met',
  };
}

/** gzip -9 and brotli sizes of a built file, as the build pre-compresses it. */
async function builtSizes(pathname: string): Promise<{ gzip: number; brotli: number } | undefined> {
  try {
    const content = await readFile(path.join(WEB_DIST, decodeURIComponent(pathname)));
    return { gzip: gzipSync(content, { level: 9 }).length, brotli: brotliCompressSync(content).length };
  } catch {
    return undefined;
  }
}

interface Fetched {
  url: string;
  type: string;
  encoding: string;
  bytes: number;
}

/**
 * Opens the driver app in a fresh phone context (nothing cached, the service worker allowed as on a
 * phone) and records the scripts the page itself fetched by the time its first stop shows and until the
 * network is quiet (the worker's own precaching, from its own thread, is not the page's load), with
 * the gzip -9 and brotli sizes of the same files and what crossed the network (brotli, headers
 * included). Leaves the page open.
 */
async function firstLoad(
  browser: Browser,
  day: RoadDay,
): Promise<{ page: Page; row: Row; close: () => Promise<void> }> {
  const context = await signedInContext(browser, day.server.url, day.roadSession, 'phone');
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const responses = new Map<string, Omit<Fetched, 'bytes'>>();
  const fetched: Fetched[] = [];
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    const encoding = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-encoding');
    responses.set(requestId, { url: response.url, type: type ?? 'Other', encoding: encoding?.[1] ?? 'none' });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const response = responses.get(event.requestId);
    if (response) fetched.push({ ...response, bytes: event.encodedDataLength });
  });
  const started = performance.now();
  await page.goto(`${ADMIN_PATH}/driver`);
  await page.locator('#stop-title').waitFor();
  const shownMs = performance.now() - started;
  const beforeShown = fetched.filter((item) => item.type === 'Script');
  await page.waitForLoadState('networkidle');
  const scripts = fetched.filter((item) => item.type === 'Script');
  const sum = async (items: Fetched[]) => {
    const total = { gzip: 0, brotli: 0, transferred: 0 };
    for (const item of items) {
      const sizes = await builtSizes(new URL(item.url).pathname);
      total.gzip += sizes?.gzip ?? item.bytes;
      total.brotli += sizes?.brotli ?? item.bytes;
      total.transferred += item.bytes;
    }
    return total;
  };
  const kb = (bytes: number) => round(bytes / 1024, 1);
  const shown = await sum(beforeShown);
  const all = await sum(scripts);
  const row: Row = {
    measure: 'first load JavaScript',
    'script files (by first stop)': `${scripts.length} (${beforeShown.length})`,
    'KB gzip -9 (by first stop)': `${kb(all.gzip)} (${kb(shown.gzip)})`,
    'KB brotli': kb(all.brotli),
    'KB transferred': kb(all.transferred),
    'sent as': [...new Set(scripts.map((item) => item.encoding))].join(', '),
    'all requests': fetched.length,
    'all KB transferred': kb(fetched.reduce((total, item) => total + item.bytes, 0)),
    'first stop shown ms (no throttling)': Math.round(shownMs),
    [`goal ≤ ${DRIVER_GOALS.jsKb} KB gzip`]: all.gzip / 1024 <= DRIVER_GOALS.jsKb ? 'met' : 'not met',
  };
  return { page, row, close: () => context.close() };
}

/** Arms the page to time the next tap on "Next": from the click event to the frame after the new stop shows. */
function armOpening(page: Page): Promise<void> {
  return page.evaluate(() => {
    const state = window as unknown as { __opening?: { start: number; shown: number; painted: number } };
    state.__opening = undefined;
    // No named functions in here: tsx would wrap them in a helper the page does not have.
    const card = 'section[aria-labelledby="stop-title"]';
    const before = document.querySelector(card)?.textContent;
    let start = Number.NaN;
    addEventListener(
      'click',
      (event) => {
        start = event.timeStamp;
      },
      { capture: true, once: true },
    );
    const observer = new MutationObserver(() => {
      const text = document.querySelector(card)?.textContent;
      if (text === undefined || text === before) return;
      observer.disconnect();
      const shown = performance.now();
      // The frame that shows the new stop: a timer set in its animation frame runs after its paint.
      requestAnimationFrame(() => {
        setTimeout(() => {
          state.__opening = { start, shown, painted: performance.now() };
        }, 0);
      });
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/**
 * Taps "Next" `count` times (after the warm-up): each opening's time in ms to the frame painted, and to
 * the change in the page (the script's share of it; the rest is style, layout and paint).
 */
async function timeOpenings(page: Page, count: number): Promise<{ painted: number[]; changed: number[] }> {
  const next = page.getByRole('button', { name: 'Next' });
  const times: number[] = [];
  const changes: number[] = [];
  for (let index = 0; index < count + WARM_UP; index++) {
    await armOpening(page);
    await next.tap();
    await page.waitForFunction(() => (window as unknown as { __opening?: unknown }).__opening !== undefined);
    const { start, shown, painted } = await page.evaluate(
      () => (window as unknown as { __opening: { start: number; shown: number; painted: number } }).__opening,
    );
    if (index < WARM_UP) continue;
    times.push(painted - start);
    changes.push(shown - start);
  }
  return { painted: times, changed: changes };
}

/** Met when even the p95 opening is under the goal; "median only" when half of them are. */
function openingGoal(times: number[]): string {
  if (percentile(times, 95) < DRIVER_GOALS.openMs) return 'met';
  return median(times) < DRIVER_GOALS.openMs ? 'median only' : 'not met';
}

/** First load, then openings at 4× and at full speed: three rows. */
export async function measureDriverPage(browser: Browser, day: RoadDay): Promise<Row[]> {
  const { page, row, close } = await firstLoad(browser, day);
  try {
    const cdp = await page.context().newCDPSession(page);
    const rows: Row[] = [row];
    for (const rate of [4, 1]) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const { painted: times, changed } = await timeOpenings(page, OPENINGS);
      rows.push({
        measure: `open the next stop, CPU ${rate}× slower`,
        openings: times.length,
        'median ms to the page changed': round(median(changed), 1),
        'median ms': round(median(times), 1),
        'p95 ms': round(percentile(times, 95), 1),
        'max ms': round(Math.max(...times), 1),
        [`goal < ${DRIVER_GOALS.openMs} ms`]: rate === 4 ? openingGoal(times) : '(reference)',
      });
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return rows;
  } finally {
    await close();
  }
}
