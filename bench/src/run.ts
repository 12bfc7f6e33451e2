// `npm run bench` (quick, a few minutes, for CI) or `npm run bench -- --full` (the figures in
// docs/BENCHMARKS.md). `--only track,console,labels,bulk,driver,submit,weight,lighthouse,road,webhooks,imports,v1` picks
// benchmarks (`--only road-dispatch`, `road-sync` or `road-driver`: the road day's Dispatch, outbox or driver app
// rows alone). Each prints a table; all results go to bench/results/latest.json. Benchmarks never fail on a number.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runBulkExportBench } from './bulk-export.ts';
import { runConsoleBench } from './console-list.ts';
import { runDriverEventsBench } from './driver-events.ts';
import { runImportsBench } from './imports.ts';
import { runLabelsBench } from './labels.ts';
import { RESULTS_DIR } from './lib/paths.ts';
import { isPostgresReachable } from './lib/postgres.ts';
import type { Row } from './lib/table.ts';
import { runLighthouse } from './lighthouse.ts';
import { runPageWeightBench } from './page-weight.ts';
import { runRoadBench } from './road-bench.ts';
import { runSubmitBench } from './submit.ts';
import { runTrackBench } from './track.ts';
import { runV1Bench } from './v1-shipments.ts';
import { runWebhooksBench } from './webhooks.ts';

const ALL = [
  'track',
  'console',
  'labels',
  'bulk',
  'driver',
  'submit',
  'weight',
  'lighthouse',
  'road',
  'webhooks',
  'imports',
  'v1',
] as const;
/** Picked only by name: the road day's Dispatch rows, its outbox rows, or its driver app rows (PGlite), alone. */
const PARTS = ['road-dispatch', 'road-sync', 'road-driver'] as const;
type BenchName = (typeof ALL)[number] | (typeof PARTS)[number];
/** Too long for the quick mode: run with --full or --only. */
const FULL_ONLY: readonly BenchName[] = ['lighthouse', 'road'];

const { values } = parseArgs({
  options: { full: { type: 'boolean', default: false }, only: { type: 'string' }, out: { type: 'string' } },
});
const full = values.full;
const selected = new Set<BenchName>(
  values.only ? (values.only.split(',') as BenchName[]) : ALL.filter((name) => full || !FULL_ONLY.includes(name)),
);

function describeMachine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
    loadAverage: os.loadavg().map((load) => Math.round(load * 10) / 10),
  };
}

async function readEarlier(file: string, mode: string): Promise<Record<string, unknown>> {
  try {
    const earlier = JSON.parse(await readFile(file, 'utf8')) as { mode?: string; results?: Record<string, unknown> };
    return earlier.mode === mode ? (earlier.results ?? {}) : {};
  } catch {
    return {};
  }
}

async function main() {
  const postgres = await isPostgresReachable();
  if (!postgres) console.log('PostgreSQL is not reachable (BENCH_PG_URL or 127.0.0.1:5432): PostgreSQL rows skipped.');
  console.log(`Benchmarks (${full ? 'full' : 'quick'}): ${[...selected].join(', ')}`);
  const results: Record<string, Row[] | { error: string }> = {};
  const run = async (name: BenchName, bench: () => Promise<Row[]>) => {
    if (!selected.has(name)) return;
    try {
      results[name] = await bench();
    } catch (error) {
      // A broken benchmark is reported, not hidden; the others still run.
      console.error(`\n${name} failed: ${(error as Error).stack ?? error}`);
      results[name] = { error: String((error as Error).message ?? error) };
      process.exitCode = 1;
    }
  };
  await run('weight', runPageWeightBench);
  await run('track', () =>
    runTrackBench(
      full
        ? { packages: 10_000, updates: 20, durationSeconds: 20, connections: [10, 50], postgres }
        : { packages: 2_000, updates: 20, durationSeconds: 3, connections: [10, 50], postgres },
    ),
  );
  await run('console', () =>
    runConsoleBench(
      full ? { sizes: [100, 100_000], repeats: 25, postgres } : { sizes: [100, 10_000], repeats: 7, postgres },
    ),
  );
  await run('bulk', () =>
    runBulkExportBench(full ? { sizes: [100, 100_000], postgres } : { sizes: [100, 5_000], postgres }),
  );
  await run('driver', () => runDriverEventsBench(full ? { rounds: 5, postgres } : { rounds: 2, postgres }));
  await run('labels', () =>
    runLabelsBench(full ? { singles: 25, batches: 5, postgres } : { singles: 7, batches: 2, postgres: false }),
  );
  await run('submit', () =>
    runSubmitBench(
      full ? { parallel: 10, rounds: 5, photos: 5, postgres } : { parallel: 4, rounds: 2, photos: 5, postgres: false },
    ),
  );
  await run('webhooks', () => runWebhooksBench({ postgres }));
  await run('imports', () => runImportsBench({ postgres }));
  await run('v1', () => runV1Bench({ postgres }));
  await run('lighthouse', () => runLighthouse());
  await run('road', () => runRoadBench({ postgres }));
  await run('road-dispatch', () => runRoadBench({ postgres, dispatchOnly: true }));
  await run('road-sync', () => runRoadBench({ postgres, syncOnly: true }));
  await run('road-driver', () => runRoadBench({ postgres, driverOnly: true }));

  await mkdir(RESULTS_DIR, { recursive: true });
  // npm runs this in bench/: a relative --out is taken from where `npm run bench` was typed (INIT_CWD).
  const file = values.out
    ? path.resolve(process.env.INIT_CWD ?? process.cwd(), values.out)
    : path.join(RESULTS_DIR, 'latest.json');
  // With --only, the other benchmarks' figures of an earlier run in the same mode are kept.
  const earlier = values.only ? await readEarlier(file, full ? 'full' : 'quick') : {};
  const report = {
    mode: full ? 'full' : 'quick',
    finishedAt: new Date().toISOString(),
    machine: describeMachine(),
    results: { ...earlier, ...results },
  };
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nResults written to ${file}`);
}

await main();
