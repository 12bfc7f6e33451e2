// Submission with photos: five ~4 MB JPEG photos (noise, so they do not compress) per submission,
// several in parallel, for several rounds; time per submission and the server's memory, sampled from
// /proc/<pid>/status, to show the peak does not grow with the number of uploads.

import type { NodeProcess } from '@waybill/testing';
import sharp from 'sharp';
import { newClientAddress } from './lib/clients.ts';
import { createBenchDatabase, dropBenchDatabase } from './lib/postgres.ts';
import {
  createDataDir,
  type DataStore,
  removeDataDir,
  seedStore,
  startProductionWaybill,
} from './lib/server-process.ts';
import { fetchXsrf, type Session } from './lib/session.ts';
import { printTable, type Row, round } from './lib/table.ts';

export interface SubmitOptions {
  parallel: number;
  rounds: number;
  photos: number;
  postgres: boolean;
}

/** A JPEG of random pixels near 4 MB (noise defeats compression, like a detailed phone photo). */
async function makeNoisePhoto(seed: number): Promise<Buffer> {
  const width = 1760;
  const height = 1400;
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed * 2654435761;
  for (let index = 0; index < pixels.length; index += 4) {
    state = (state * 1103515245 + 12345) >>> 0;
    pixels.writeUInt32LE(state, Math.min(index, pixels.length - 4));
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

function packageForm(photos: Buffer[], index: number): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    name: `Bench Shipper ${index}`,
    email: `shipper${index}@example.com`,
    phone: '+1 555 010 0000',
    pickupLocation: '12 Dock Street, Oakland',
    rname: `Bench Receiver ${index}`,
    remail: `receiver${index}@example.org`,
    rphone: '+44 20 7946 0000',
    destination: '1 Market Square, London',
    description: 'Camera gear',
    quantity: '1',
    weight: '2.5',
    dimensionUnit: 'cm',
    length: '40',
    width: '30',
    height: '20',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  // sharp's buffers own an ArrayBuffer (never a SharedArrayBuffer), which the DOM's Blob type asks for.
  for (const [position, photo] of photos.entries())
    form.append(
      'packageImages',
      new Blob([photo as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }),
      `photo-${position + 1}.jpg`,
    );
  return form;
}

async function submitOnce(baseUrl: string, session: Session, photos: Buffer[], index: number): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/submit-package`, {
    method: 'POST',
    // Each submission from a shipper of its own, as the proxy forwards it: RATE_LIMIT_SUBMIT is per client.
    headers: { cookie: session.cookie, 'x-xsrf-token': session.xsrf, 'x-forwarded-for': newClientAddress() },
    body: packageForm(photos, index),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`submit answered ${response.status}: ${text}`);
  return performance.now() - started;
}

/** Samples VmRSS every 50 ms while `work` runs; returns the highest seen and the kernel's VmHWM. */
async function sampleMemory<T>(server: NodeProcess, work: () => Promise<T>) {
  let peakRssKb = 0;
  const timer = setInterval(() => {
    peakRssKb = Math.max(peakRssKb, server.memory().rssBytes / 1024);
  }, 50);
  try {
    const result = await work();
    const memory = server.memory();
    const rssKb = memory.rssBytes / 1024;
    return { result, peakRssKb: Math.max(peakRssKb, rssKb), hwmKb: memory.peakRssBytes / 1024, endRssKb: rssKb };
  } finally {
    clearInterval(timer);
  }
}

async function measureStore(store: DataStore, options: SubmitOptions, photos: Buffer[]): Promise<Row[]> {
  // Migrated by the seeding script first (a fresh PGlite takes seconds: longer than a plugin may).
  await seedStore(store, 0, 0);
  // As in production: limits on, NODE_ENV=production, the default log level.
  const server = await startProductionWaybill(store);
  const rows: Row[] = [];
  try {
    const session = await fetchXsrf(server.url);
    const idle = server.memory();
    rows.push({
      database: store.kind,
      round: 'idle',
      'RSS MB': round(idle.rssBytes / 1024 / 1024),
      'peak RSS MB': round(idle.peakRssBytes / 1024 / 1024),
    });
    for (let round_ = 1; round_ <= options.rounds; round_++) {
      const started = performance.now();
      const {
        result: times,
        peakRssKb,
        hwmKb,
        endRssKb,
      } = await sampleMemory(server, () =>
        Promise.all(
          Array.from({ length: options.parallel }, (_, index) =>
            submitOnce(server.url, session, photos, round_ * 100 + index),
          ),
        ),
      );
      const wall = performance.now() - started;
      rows.push({
        database: store.kind,
        round: String(round_),
        submissions: times.length,
        'mean s': round(times.reduce((sum, time) => sum + time, 0) / times.length / 1000, 2),
        'max s': round(Math.max(...times) / 1000, 2),
        'wall s': round(wall / 1000, 2),
        'RSS MB': round(endRssKb / 1024),
        'round peak RSS MB': round(peakRssKb / 1024),
        'peak RSS MB': round(hwmKb / 1024),
      });
    }
  } finally {
    await server.stop();
  }
  return rows;
}

/** Runs the submission benchmark on PGlite and (when reachable) PostgreSQL. */
export async function runSubmitBench(options: SubmitOptions): Promise<Row[]> {
  const photos = await Promise.all(Array.from({ length: options.photos }, (_, index) => makeNoisePhoto(index + 1)));
  const photoMb = photos.reduce((sum, photo) => sum + photo.length, 0) / options.photos / 1024 / 1024;
  const rows: Row[] = [];
  const kinds: DataStore['kind'][] = options.postgres ? ['pglite', 'postgres'] : ['pglite'];
  for (const kind of kinds) {
    const dataDir = await createDataDir();
    const databaseUrl = kind === 'postgres' ? await createBenchDatabase('waybill_bench_submit') : undefined;
    try {
      rows.push(...(await measureStore({ kind, dataDir, databaseUrl }, options, photos)));
    } finally {
      if (databaseUrl) await dropBenchDatabase('waybill_bench_submit');
      await removeDataDir(dataDir);
    }
  }
  printTable(
    `Submission with photos: ${options.photos} JPEG photos of ${photoMb.toFixed(1)} MB each per submission, ${options.parallel} in parallel, ${options.rounds} rounds`,
    rows,
  );
  return rows;
}
