// Lighthouse (mobile settings, the tool's default) over every prerendered public page of the built site,
// served by the real server, driving Debian's Chromium headless. `npm run lighthouse` runs it alone.
import { PRERENDERED_PATHS } from '@waybill/domain';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { WEB_DIST } from './lib/paths.ts';
import { createDataDir, removeDataDir, seedStore, startWaybill } from './lib/server-process.ts';
import { printTable, type Row, round } from './lib/table.ts';

/** Every prerendered page once: `/0` is the home page again. */
export const PUBLIC_PAGES: string[] = PRERENDERED_PATHS.filter((pathname) => pathname !== '/0');

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

const score = (value: number | null | undefined) => (value == null ? 'n/a' : Math.round(value * 100));

/** Audits the pages on a fresh server (PGlite, seeded plan and contact details). */
export async function runLighthouse(pages: string[] = PUBLIC_PAGES): Promise<Row[]> {
  const dataDir = await createDataDir();
  const store = { kind: 'pglite', dataDir } as const;
  // The default plan and contact details, so the pages show what a real site shows.
  await seedStore(store, 0, 0);
  const server = await startWaybill(store, { WEB_DIST_DIR: WEB_DIST });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  const rows: Row[] = [];
  try {
    for (const page of pages) {
      const result = await lighthouse(`${server.url}${page}`, { port: chrome.port, logLevel: 'error', output: 'json' });
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      const { categories, audits, runtimeError } = result.lhr;
      if (runtimeError)
        console.warn(`Lighthouse could not measure ${page}: ${runtimeError.code} ${runtimeError.message}`);
      rows.push({
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
  } finally {
    chrome.kill();
    await server.stop();
    await removeDataDir(dataDir);
  }
  printTable('Lighthouse (mobile: Moto G power emulation, slow 4G, 4x CPU slowdown)', rows);
  return rows;
}
