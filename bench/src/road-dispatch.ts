// Dispatch for a day of 2,000 packages and 20 drivers: the three reads that open it timed over HTTP,
// then the page itself in Chromium (desktop, nothing cached: a new context each time), from the start of
// the navigation to the frame that shows every run (its summary, and its stops when the page lists them)
// and the first page of packages not on a run.
import type { Browser } from 'playwright-core';
import { type Row, round } from './lib/table.ts';
import { median, signedInContext } from './road-browser.ts';
import { ADMIN_PATH, DRIVERS, type RoadDay } from './road-day.ts';

/** The goal: Dispatch for the day opens in under 1.5 s. */
export const DISPATCH_GOAL_MS = 1500;
const API_REPEATS = 10;
const API_WARM_UP = 2;
const PAGE_LOADS = 5;

/** The reads behind Dispatch (the page asks for them as soon as the session is known). */
function dispatchReads(date: string): { name: string; path: string }[] {
  return [
    { name: 'GET /api/admin/runs?date', path: `/api/admin/runs?date=${date}` },
    { name: 'GET /api/admin/runs/unassigned (page 1)', path: `/api/admin/runs/unassigned?date=${date}&page=1` },
    { name: 'GET /api/admin/runs/drivers', path: '/api/admin/runs/drivers' },
  ];
}

/** Each read timed on its own over HTTP with the admin's session: median of 10 after 2 warm-ups. */
async function timeReads(day: RoadDay): Promise<Row[]> {
  const rows: Row[] = [];
  for (const read of dispatchReads(day.date)) {
    const times: number[] = [];
    let bytes = 0;
    for (let index = 0; index < API_REPEATS + API_WARM_UP; index++) {
      const started = performance.now();
      const response = await fetch(`${day.server.url}${read.path}`, {
        headers: { cookie: day.admin.cookie, 'accept-encoding': 'gzip' },
      });
      const body = await response.arrayBuffer();
      const ms = performance.now() - started;
      if (!response.ok) throw new Error(`${read.name} answered ${response.status}`);
      bytes = body.byteLength;
      if (index >= API_WARM_UP) times.push(ms);
    }
    rows.push({
      database: day.kind,
      measure: read.name,
      'median ms': round(median(times), 1),
      'max ms': round(Math.max(...times), 1),
      'KB (JSON)': round(bytes / 1024, 1),
    });
  }
  return rows;
}

interface PageTiming {
  shown: number;
  runs: number;
  stops: number;
  unassigned: number;
  api: { name: string; start: number; end: number }[];
  documentEnd: number;
  /** When the last script the page loaded by then had arrived. */
  scriptsEnd: number;
}

/** One cold open of Dispatch: when every run and the first page of packages are on screen, and the API calls. */
async function openDispatch(browser: Browser, day: RoadDay): Promise<PageTiming> {
  const context = await signedInContext(browser, day.server.url, day.admin, 'desktop');
  try {
    const page = await context.newPage();
    await page.addInitScript((runs) => {
      const state = window as unknown as { __dispatchShown?: number };
      // No named functions in here: tsx would wrap them in a helper the page does not have.
      const observer = new MutationObserver(() => {
        // Each run is a section named by its driver; on a big day it shows its summary, its stops once opened.
        const ready =
          document.querySelectorAll('section[aria-labelledby^="run-"]').length >= runs &&
          document.querySelector('ul[aria-label="Packages not on a run"] li') !== null;
        if (!ready) return;
        observer.disconnect();
        // The frame that shows them: a timer set in its animation frame runs after its paint.
        requestAnimationFrame(() => {
          setTimeout(() => {
            state.__dispatchShown = performance.now();
          }, 0);
        });
      });
      observer.observe(document, { subtree: true, childList: true });
    }, DRIVERS);
    await page.goto(`${ADMIN_PATH}/dispatch?date=${day.date}`);
    await page.waitForFunction(() => (window as unknown as { __dispatchShown?: number }).__dispatchShown, undefined, {
      timeout: 120_000,
    });
    return await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return {
        shown: (window as unknown as { __dispatchShown: number }).__dispatchShown,
        runs: document.querySelectorAll('section[aria-labelledby^="run-"]').length,
        stops: document.querySelectorAll('ol[aria-label^="Stops of"] > li').length,
        unassigned: document.querySelectorAll('ul[aria-label="Packages not on a run"] li').length,
        api: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((entry) => new URL(entry.name).pathname.startsWith('/api/'))
          .map((entry) => {
            const url = new URL(entry.name);
            return { name: url.pathname, start: entry.startTime, end: entry.responseEnd };
          }),
        documentEnd: navigation.responseEnd,
        scriptsEnd: Math.max(
          0,
          ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[])
            .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'))
            .map((entry) => entry.responseEnd),
        ),
      };
    });
  } finally {
    await context.close();
  }
}

/** The API calls and the page, on the day's server: rows for the table. */
export async function measureDispatch(browser: Browser, day: RoadDay): Promise<Row[]> {
  const rows = await timeReads(day);
  const loads: PageTiming[] = [];
  for (let index = 0; index < PAGE_LOADS; index++) loads.push(await openDispatch(browser, day));
  const shown = loads.map((load) => load.shown);
  // Each API call's time in the browser (request start to response end), median over the loads.
  const calls = new Map<string, number[]>();
  for (const load of loads)
    for (const call of load.api) calls.set(call.name, [...(calls.get(call.name) ?? []), call.end - call.start]);
  const ended = (name: string) => median(loads.map((load) => load.api.find((call) => call.name === name)?.end ?? 0));
  rows.push({
    database: day.kind,
    measure: `Dispatch page shown (${loads[0]!.runs} runs, ${loads[0]!.stops} stops listed, ${loads[0]!.unassigned} packages listed)`,
    'median ms': Math.round(median(shown)),
    'max ms': Math.round(Math.max(...shown)),
    loads: shown.map((ms) => Math.round(ms)).join(' / '),
    'HTML ms': Math.round(median(loads.map((load) => load.documentEnd))),
    'scripts in at ms': Math.round(median(loads.map((load) => load.scriptsEnd))),
    'session answered at ms': Math.round(ended('/api/auth/session')),
    'runs answered at ms': Math.round(ended('/api/admin/runs')),
    'unassigned answered at ms': Math.round(ended('/api/admin/runs/unassigned')),
    'API in browser': [...calls]
      .map(([name, times]) => `${name.replace('/api/', '')} ${Math.round(median(times))}`)
      .join(', '),
    [`goal < ${DISPATCH_GOAL_MS} ms`]: median(shown) < DISPATCH_GOAL_MS ? 'met' : 'not met',
  });
  return rows;
}
