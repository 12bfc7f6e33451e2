// The driver app's first load stays within its budget: the JavaScript a phone downloads before the
// run shows (its page's script and what that imports, not the dialogs it loads when opened), gzip as
// the server sends it, read from the production build these specs run on. Its service worker keeps
// all of it, and the dialogs, for offline use (driver-app.spec.ts proves the app then works offline).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DRIVER_APP_JS_BUDGET_KB, driverAppFirstLoad } from '@waybill/testing';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const dist = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(repoRoot, 'apps/web/dist');

/** The addresses the built service worker precaches. */
async function precached(): Promise<string[]> {
  const worker = await readFile(path.join(dist, 'driver-sw.js'), 'utf8');
  return [...worker.matchAll(/\{"url":"([^"]+)","revision":/g)].map((match) => match[1]!);
}

describe("the driver app's first load", () => {
  let load: Awaited<ReturnType<typeof driverAppFirstLoad>>;
  beforeAll(async () => {
    load = await driverAppFirstLoad(dist, { brotli: false });
  });

  it(`is at most ${DRIVER_APP_JS_BUDGET_KB} KB gzip of JavaScript`, () => {
    const kb = load.scriptGzip / 1024;
    expect(kb, `${kb.toFixed(1)} KB gzip in ${load.scripts.join(', ')}`).toBeLessThanOrEqual(DRIVER_APP_JS_BUDGET_KB);
    // Its own page's script, never the console's.
    expect(load.html).toMatch(/<title>Driver app/);
    expect(load.scripts.some((file) => /\/console-[\w-]+\.js$/.test(file))).toBe(false);
  });

  it('is precached by its service worker, page and files, with what it loads later', async () => {
    const list = await precached();
    expect(list).toContain('@shell');
    for (const file of [...load.scripts, ...load.stylesheets]) expect(list, file).toContain(`/${file}`);
    // The dialogs come later, from the precache: more scripts than the first load's.
    expect(list.filter((url) => url.endsWith('.js')).length).toBeGreaterThan(load.scripts.length);
  });

  it("styles every Mantine class its scripts name, the dialogs' too, with its share of Mantine's stylesheet", async () => {
    const files = (await precached()).filter((url) => /^\/assets\/.+\.(js|css)$/.test(url));
    const read = (kind: string) =>
      Promise.all(files.filter((url) => url.endsWith(kind)).map((url) => readFile(path.join(dist, url), 'utf8')));
    const named = new Set((await read('.js')).join('\n').match(/\bm_[0-9a-f]{8}\b/g));
    // A class's rules, or a keyframes' (Mantine's class maps name those too).
    const styled = new Set((await read('.css')).join('\n').match(/\bm_[0-9a-f]{8}\b/g));
    expect(named.size).toBeGreaterThan(50);
    expect([...named].filter((name) => !styled.has(name))).toEqual([]);
  });
});
