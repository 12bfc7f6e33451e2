// Backup and restore of the database and the local photos, in one format for PGlite and PostgreSQL:
// a gzipped JSON-lines file. The first line describes the backup, then one line per table row (tables
// parents first, so a restore inserts in file order), one per photo, and a last line with the counts,
// so a cut-off file is refused. It needs no pg_dump (absent from the Node.js image; on PostgreSQL it
// must also match the server's major version), streams in both directions, and a backup of either
// database restores into either. It runs through the app's own database code, so `npm run backup`
// works wherever the server runs. `zcat FILE | head` shows what a backup holds.
//
// Photos in an S3 bucket (S3_BUCKET) are not copied into the file: a bucket is backed up by its own
// means (versioning, replication, the provider's backups), which keep every photo without streaming
// gigabytes through one process. Such a backup holds the rows only, and the command says so. A restore
// under S3_BUCKET writes the photos a file does hold (one made from DATA_DIR/uploads) into the bucket,
// which is also how photos move from the local disk to a bucket.
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { S3StorageConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { assertSafeKey } from '../storage/image-storage.ts';
import { S3ImageStorage } from '../storage/s3-storage.ts';

const FORMAT = 'waybill-backup';
const VERSION = 1;
/** Rows read (and inserted) at a time: bounds the memory a large table takes. */
const BATCH_ROWS = 500;
/**
 * Tables the database derives from others by triggers: not backed up, and skipped in a file that has
 * them. Restoring package_status_counts as rows while inserting the packages (whose insert trigger
 * counts them again) would double every count; the truncate empties it and the inserts refill it.
 */
const DERIVED_TABLES = new Set(['package_status_counts']);

interface Header {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** The hash of the last migration applied: a backup restores into the same schema only. */
  migration: string;
  tables: string[];
}
type Line = { table: string; row: Record<string, unknown> } | { photo: string; data: string } | BackupEnd;
interface BackupEnd {
  end: true;
  rows: number;
  photos: number;
}

export interface BackupOptions {
  dataDir: string;
  databaseUrl?: string;
  /** Photos are in this bucket, not in DATA_DIR/uploads. */
  s3?: S3StorageConfig;
}

/** What a backup or restore moved; `photos` counts those in the file, `bucket` names where the others are. */
export interface BackupCounts {
  rows: number;
  photos: number;
  bucket?: string;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
const quoted = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);
const uploadsDir = (options: BackupOptions) => path.join(options.dataDir, 'uploads');

async function lastMigration(db: Database): Promise<string> {
  const rows = rowsOf(
    await db.execute(sql`select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1`),
  );
  return String(rows[0]?.hash ?? '');
}

/** Every serial column (the events' ids) goes on after the highest restored value. */
async function continueSequences(db: Database): Promise<void> {
  const serials = rowsOf(
    await db.execute(
      sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' and column_default like 'nextval(%'`,
    ),
  ) as { table_name: string; column_name: string }[];
  for (const { table_name: table, column_name: column } of serials) {
    const name = sql.raw(`"${table}"`);
    const field = sql.raw(`"${column}"`);
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${`"${table}"`}, ${column}), coalesce(max(${field}), 0) + 1, false) from ${name}`,
    );
  }
}

/** The app's tables, each after the tables its foreign keys point to. */
async function tablesInOrder(db: Database): Promise<string[]> {
  const tables = rowsOf(
    await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`),
  ).map((row) => String(row.tablename));
  const references = rowsOf(
    await db.execute(sql`select c.relname as child, p.relname as parent from pg_constraint k
      join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`),
  );
  const ordered: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table) || path.includes(table)) return;
    for (const ref of references) if (ref.child === table) visit(String(ref.parent), [...path, table]);
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered;
}

/** Columns a row is restored into (generated columns are computed again). */
async function writableColumns(db: Database, table: string): Promise<string[]> {
  return rowsOf(
    await db.execute(sql`select column_name from information_schema.columns
      where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`),
  ).map((row) => String(row.column_name));
}

/**
 * Writes a backup to `file`, which must not exist (through `file.partial`, linked to its name at the
 * end: never half a backup under the name). On PostgreSQL the rows are one consistent snapshot, also while servers run; the embedded
 * database belongs to one process, so stop the server before backing it up.
 */
export async function backup(options: BackupOptions, file: string): Promise<BackupCounts> {
  const handle = await openDatabase(options);
  const partial = `${file}.partial`;
  try {
    const gzip = createGzip();
    const written = pipeline(gzip, createWriteStream(partial, { flags: 'wx' }));
    const write = async (line: Header | Line) => {
      if (!gzip.write(`${JSON.stringify(line)}\n`)) await once(gzip, 'drain');
    };
    let rows = 0;
    await handle.db.transaction(
      async (tx) => {
        const tables = (await tablesInOrder(tx)).filter((table) => !DERIVED_TABLES.has(table));
        await write({
          format: FORMAT,
          version: VERSION,
          createdAt: new Date().toISOString(),
          database: handle.kind,
          migration: await lastMigration(tx),
          tables,
        });
        for (const table of tables) {
          await tx.execute(
            sql`declare backup_rows no scroll cursor for select row_to_json(t) as row from ${quoted(table)} t`,
          );
          for (;;) {
            const batch = rowsOf(await tx.execute(sql.raw(`fetch ${BATCH_ROWS} from backup_rows`)));
            for (const { row } of batch) await write({ table, row: row as Record<string, unknown> });
            rows += batch.length;
            if (batch.length < BATCH_ROWS) break;
          }
          await tx.execute(sql`close backup_rows`);
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    let photos = 0;
    const names = options.s3 ? [] : await readdir(uploadsDir(options)).catch(() => [] as string[]);
    for (const name of names.sort()) {
      if (name.startsWith('.')) continue; // a photo being written (see LocalDiskStorage)
      await write({ photo: name, data: (await readFile(path.join(uploadsDir(options), name))).toString('base64') });
      photos += 1;
    }
    await write({ end: true, rows, photos });
    gzip.end();
    await written;
    // A link, unlike a rename, never replaces a file already there.
    await link(partial, file).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'EEXIST' ? new BackupError(`${file} already exists`) : error;
    });
    return options.s3 ? { rows, photos, bucket: options.s3.bucket } : { rows, photos };
  } finally {
    await rm(partial, { force: true });
    await handle.close();
  }
}

/** The lines of a gzipped file; a damaged or cut-off file fails the iteration with a BackupError. */
async function* linesOf(file: string): AsyncGenerator<string> {
  const gunzip = createGunzip();
  const source = createReadStream(file);
  source.on('error', (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  const decoder = new StringDecoder('utf8');
  let rest = '';
  try {
    for await (const chunk of gunzip) {
      const text = rest + decoder.write(chunk as Buffer);
      const lines = text.split('\n');
      rest = lines.pop()!;
      yield* lines;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code?.startsWith('Z_'))
      throw new BackupError('the backup is damaged or cut off');
    throw error;
  }
  rest += decoder.end();
  if (rest !== '') yield rest;
}

/**
 * Replaces the database's rows and the local photos with a backup's, all or nothing: the rows in one
 * transaction, the photos into a folder beside DATA_DIR/uploads that takes its place once the rows are
 * committed. With photos in a bucket, the file's photos are added to it and its other objects stay (the
 * bucket's own backup brings back photos deleted since; what no row names is swept at the next start). Stop every server first. The database gets the migrations of this version first; a backup
 * made under other migrations is refused.
 */
export async function restore(options: BackupOptions, file: string): Promise<BackupCounts> {
  const staging = `${uploadsDir(options)}.restoring`;
  const bucket = options.s3 ? new S3ImageStorage(options.s3) : undefined;
  if (!bucket) {
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { recursive: true });
  }
  const handle = await openDatabase(options);
  let counts: { rows: number; photos: number };
  try {
    await handle.migrate();
    const lines = linesOf(file);
    counts = await handle.db.transaction(async (tx) => {
      let header: Header | undefined;
      let end: BackupEnd | undefined;
      let rows = 0;
      let photos = 0;
      let pending: { table: string; rows: Record<string, unknown>[] } | undefined;
      const columns = new Map<string, string[]>();
      const flush = async () => {
        if (!pending || pending.rows.length === 0) return;
        const names = columns.get(pending.table)!;
        const list = sql.join(names.map(quoted), sql`, `);
        await tx.execute(
          sql`insert into ${quoted(pending.table)} (${list}) select ${list} from json_populate_recordset(null::${quoted(pending.table)}, ${JSON.stringify(pending.rows)}::json)`,
        );
        rows += pending.rows.length;
        pending = undefined;
      };
      for await (const text of lines) {
        if (end) throw new BackupError('the backup goes on after its last line');
        let line: Header | Line;
        try {
          line = JSON.parse(text) as Header | Line;
        } catch {
          throw new BackupError('the backup is damaged');
        }
        if (!header) {
          header = line as Header;
          if (header.format !== FORMAT || header.version !== VERSION) throw new BackupError('not a Waybill backup');
          const current = await lastMigration(tx);
          if (header.migration !== current) {
            throw new BackupError(
              'the backup was made under other database migrations; restore it with the Waybill version that made it',
            );
          }
          const tables = await tablesInOrder(tx);
          if (header.tables.some((table) => !tables.includes(table))) {
            throw new BackupError('the backup has tables this database does not');
          }
          for (const table of tables) columns.set(table, await writableColumns(tx, table));
          // The audit log refuses TRUNCATE (a trigger): a restore is the one place its rows are replaced,
          // by the backup's own log. The trigger is off only inside this transaction (ALTER TABLE is
          // transactional): enabled again before the commit, and on a rollback it was never off.
          await tx.execute(sql.raw(`alter table "audit_log" disable trigger "audit_log_no_truncate"`));
          await tx.execute(sql.raw(`truncate ${tables.map((table) => `"${table}"`).join(', ')} cascade`));
          await tx.execute(sql.raw(`alter table "audit_log" enable trigger "audit_log_no_truncate"`));
          // A restored event brings its own deliveries: the trigger that gives a new event one for every
          // consumer is off until the rows are in (enabled again below, or never off after a rollback).
          await tx.execute(sql.raw(`alter table "package_events" disable trigger "package_events_fan_out"`));
        } else if ('table' in line) {
          if (!columns.has(line.table)) throw new BackupError(`unknown table ${line.table}`);
          if (DERIVED_TABLES.has(line.table)) {
            rows += 1; // counted in the file's last line, not inserted
            continue;
          }
          if (pending && pending.table !== line.table) await flush();
          pending ??= { table: line.table, rows: [] };
          pending.rows.push(line.row);
          if (pending.rows.length >= BATCH_ROWS) await flush();
        } else if ('photo' in line) {
          await flush();
          assertSafeKey(line.photo);
          const data = Buffer.from(line.data, 'base64');
          // Into the bucket at once: if the restore fails after all, the sweep at the next start
          // removes what no row names.
          if (bucket)
            await bucket.put(
              line.photo,
              data,
              line.photo.endsWith('.webp') ? 'image/webp' : 'application/octet-stream',
            );
          else await writeFile(path.join(staging, line.photo), data);
          photos += 1;
        } else if ('end' in line) {
          await flush();
          end = line;
          await tx.execute(sql.raw(`alter table "package_events" enable trigger "package_events_fan_out"`));
          await continueSequences(tx);
        }
      }
      if (!header || !end) throw new BackupError('the backup is cut off');
      if (end.rows !== rows || end.photos !== photos) throw new BackupError('the backup does not add up');
      return { rows, photos };
    });
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  } finally {
    await handle.close();
    await bucket?.close();
  }
  if (bucket) return { ...counts, bucket: bucket.bucket };
  // The rows are in: the restored photos take the place of the current ones.
  const previous = `${uploadsDir(options)}.before-restore`;
  await rm(previous, { recursive: true, force: true });
  await rename(uploadsDir(options), previous).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await rename(staging, uploadsDir(options));
  await rm(previous, { recursive: true, force: true });
  return counts;
}
