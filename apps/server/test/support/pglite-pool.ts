// Embedded databases kept open between the test apps of one worker process. Opening a PGlite costs
// about 1.4 s of CPU (its WebAssembly instance, its file bundle unpacked, postgres started) and copying
// the migrated template half a second more; the server's suite starts hundreds of apps. An app closed
// gives its database back here, and the next app gets it reset to the migrated template's contents:
// every table emptied and the template's rows put back, each sequence where the template had it, the
// session's state discarded and the planner's statistics forgotten. Apps open at the same time each get
// their own. The tests whose subject is the files of DATA_DIR/pglite (backups, a second process on the
// same folder, a start on a copied folder) keep a database of their own there (test-app.ts).
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { copyDatabaseDir } from '@waybill/testing';
import { type DatabaseHandle, openPgliteClient, pgliteHandle } from '../../src/db/client.ts';
import { pgliteTemplate } from './test-databases.ts';

interface TemplateRows {
  /** `"table"`, quoted, as SQL names it. */
  table: string;
  /** The columns an INSERT may set (generated ones left out), quoted and joined. */
  columns: string;
  rows: string;
}

/** What a migrated template holds, read once from the first database a worker opens. */
interface TemplateState {
  tables: string[];
  rows: TemplateRows[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
}

interface Pooled {
  client: PGlite;
  folder: string;
}

/** Enough for a file's apps that overlap; any more are closed when given back. */
const MAX_IDLE = 2;

const idle: Pooled[] = [];
let template: Promise<TemplateState> | undefined;
/** Every pooled database's folder, removed when the worker ends. */
const folders = new Set<string>();
process.once('exit', () => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function openFromTemplate(): Promise<Pooled> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'waybill-pglite-pool-'));
  folders.add(folder);
  const dataDir = path.join(folder, 'pglite');
  await copyDatabaseDir(await pgliteTemplate(), dataDir);
  return { client: await openPgliteClient(dataDir), folder };
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function readTemplate(client: PGlite): Promise<TemplateState> {
  const { rows: tables } = await client.query<{ name: string; oid: number }>(
    `SELECT c.relname AS name, c.oid::int AS oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
  );
  const rows: TemplateRows[] = [];
  for (const { name, oid } of tables) {
    const { rows: held } = await client.query<{ rows: string | null }>(
      `SELECT json_agg(t)::text AS rows FROM ${quoted(name)} t`,
    );
    const json = held[0]?.rows;
    if (!json) continue;
    const { rows: columns } = await client.query<{ name: string }>(
      `SELECT attname AS name FROM pg_attribute
        WHERE attrelid = $1 AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
      [oid],
    );
    rows.push({ table: quoted(name), columns: columns.map((column) => quoted(column.name)).join(', '), rows: json });
  }
  const { rows: sequenceNames } = await client.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, sequencename) AS name FROM pg_sequences WHERE schemaname = 'public'`,
  );
  const sequences: TemplateState['sequences'] = [];
  for (const { name } of sequenceNames) {
    const { rows: state } = await client.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text, is_called FROM ${name}`,
    );
    sequences.push({ name, lastValue: state[0]!.last_value, isCalled: state[0]!.is_called });
  }
  return { tables: tables.map(({ name }) => quoted(name)), rows, sequences };
}

/** Puts a database an app used back to the template's contents (see the file's comment). */
async function reset(client: PGlite, state: TemplateState): Promise<void> {
  await client.exec('DISCARD ALL');
  await client.transaction(async (tx) => {
    // Only the tables holding rows are emptied: a TRUNCATE makes each table's files anew, about 10 ms
    // a table, and an app writes to a few of the schema's tables.
    const { rows: held } = await tx.query<{ name: string }>(
      state.tables
        .map((table) => `SELECT '${table.replaceAll("'", "''")}' AS name WHERE EXISTS (SELECT FROM ${table})`)
        .join(' UNION ALL '),
    );
    // Triggers off for the reset (the audit log refuses TRUNCATE; counters would count the rows put back).
    await tx.exec('SET LOCAL session_replication_role = replica');
    if (held.length > 0) await tx.exec(`TRUNCATE ${held.map(({ name }) => name).join(', ')} CASCADE`);
    for (const { table, columns, rows } of state.rows) {
      await tx.query(
        `INSERT INTO ${table} (${columns}) OVERRIDING SYSTEM VALUE
           SELECT ${columns} FROM json_populate_recordset(NULL::${table}, $1::json)`,
        [rows],
      );
    }
    for (const { name, lastValue, isCalled } of state.sequences) {
      await tx.query(`SELECT setval('${name}', $1::bigint, $2)`, [lastValue, isCalled]);
    }
    // The planner's statistics of the last app's rows would steer the next app's plans.
    await tx.exec(
      `DELETE FROM pg_statistic WHERE starelid IN (SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public')`,
    );
  });
}

async function close(pooled: Pooled): Promise<void> {
  if (!pooled.client.closed) await pooled.client.close().catch(() => undefined);
  await rm(pooled.folder, { recursive: true, force: true });
  folders.delete(pooled.folder);
}

/**
 * An open embedded database with the migrated template's contents, for one app: its `close()` gives it
 * back for the next app of this worker instead of closing it (or closes it, when enough are idle or an
 * app closed the client itself).
 */
export async function takePooledPglite(): Promise<DatabaseHandle> {
  let pooled = idle.pop();
  if (pooled) {
    const state = await template!;
    try {
      await reset(pooled.client, state);
    } catch (error) {
      await close(pooled);
      throw error;
    }
  } else {
    pooled = await openFromTemplate();
    const opened = pooled;
    template ??= readTemplate(opened.client);
    await template;
  }
  const taken = pooled;
  let given = false;
  return pgliteHandle(taken.client, async () => {
    if (given) return;
    given = true;
    if (taken.client.closed || idle.length >= MAX_IDLE) await close(taken);
    else idle.push(taken);
  });
}
