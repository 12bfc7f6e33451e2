// `npm run backup -- FILE`: saves the database and the local photos to FILE (see backup.ts); photos in
// an S3 bucket are left to the bucket's own backup.
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { backup } from './backup.ts';
import { backupFileArgument } from './cli-arguments.ts';

const file = backupFileArgument('backup');
const started = performance.now();
const { rows, photos, bucket } = await backup(loadConfig(), file);
const name = path.relative(process.cwd(), file) || file;
const took = `${Math.round(performance.now() - started)} ms`;
if (bucket) {
  console.log(`Saved ${rows} rows to ${name} in ${took}.`);
  console.log(
    `The photos are not in this backup: they stay in the S3 bucket "${bucket}". Back the bucket up on its own (turn on versioning, or copy it with your provider's tools).`,
  );
} else {
  console.log(`Saved ${rows} rows and ${photos} photos to ${name} in ${took}.`);
}
