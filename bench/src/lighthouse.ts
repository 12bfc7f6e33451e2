// Lighthouse (mobile settings, the tool's default) over every prerendered public page of the built site,
// served by the real server, driving Debian's Chromium headless. `npm run lighthouse` runs it alone.
import { PRERENDERED_PATHS } from '@waybill/domain';
import { FULL_CHROMIUM } from '@waybill/testing';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { WEB_DIST } from './lib/paths.ts';
import { createDataDir, removeDataDir, seedStore, startWaybill } from './lib/server-process.ts';
import { printTable, type Row, round } from './lib/table.ts';

/** Every prerendered page once: `/0` is the home page again. */
export const PUBLIC_PAGES: string[] = PRERENDERED_PATHS.filter((pathname) => pathname !== '/0');

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

const score = (value: number | null | undefined) => (value == null ? Number.NaN : Math.round(value * 100));
/** Runs of each page; the table shows the median run, ranked by performance. */
const RUNS = 3;
/** The goals: performance at least 95 (median of the runs), the other three categories at 100. */
const GOALS = { performance: 95, others: 100 } as const;

const median = <T>(items: T[], key: (item: T) => number): T => {
  const sorted = [...items].sort((a, b) => key(a) - key(b));
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** Audits the pages on a fresh server (PGlite, seeded plan and contact details). */
export async function runLighthouse(pages: string[] = PUBLIC_PAGES): Promise<Row[]> {
  const dataDir = await createDataDir();
  const store = { kind: 'pglite', dataDir } as const;
  // The default plan and contact details, so the pages show what a real site shows.
  await seedStore(store, 0, 0);
  const server = await startWaybill(store, { WEB_DIST_DIR: WEB_DIST });
  const chrome = await chromeLauncher.launch({
    chromePath: FULL_CHROMIUM,
    chromeFlags: CHROME_FLAGS,
  });
  const rows: Row[] = [];
  try {
    for (const page of pages) {
      const runs: Row[] = [];
      // A run Lighthouse could not record (NO_NAVSTART happens on a busy machine) is taken again, twice at most.
      for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 2; attempt += 1) {
        const result = await lighthouse(`${server.url}${page}`, {
          port: chrome.port,
          logLevel: 'error',
          output: 'json',
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
        const { categories, audits, runtimeError } = result.lhr;
        if (runtimeError) {
          console.warn(`Lighthouse could not measure ${page}: ${runtimeError.code} ${runtimeError.message}`);
          continue;
        }
        runs.push({
          page,
          performance: score(categories.performance?.score),
          accessibility: score(categories.accessibility?.score),
          'best practices': score(categories['best-practices']?.score),
          SEO: score(categories.seo?.score),
          'LCP s': round((audits['largest-contentful-paint']?.numericValue ?? Number.NaN) / 1000, 2),
          'TBT ms': Math.round(audits['total-blocking-time']?.numericValue ?? Number.NaN),
          CLS: round(audits['cumulative-layout-shift']?.numericValue ?? Number.NaN, 3),
        });
      }
      if (runs.length === 0) {
        rows.push({ page, performance: 'not measured' });
        continue;
      }
      const row = median(runs, (entry) => Number(entry.performance));
      const others = ['accessibility', 'best practices', 'SEO'].every((key) => row[key] === GOALS.others);
      rows.push({
        ...row,
        'performance runs': runs.map((entry) => entry.performance).join(' / '),
        'goal ≥ 95': Number(row.performance) >= GOALS.performance ? 'met' : 'not met',
        'others 100': others ? 'met' : 'not met',
      });
    }
  } finally {
    chrome.kill();
    await server.stop();
    await removeDataDir(dataDir);
  }
  printTable(`Lighthouse (mobile: Moto G power emulation, slow 4G, 4x CPU slowdown), median of ${RUNS} runs`, rows);
  return rows;
}
