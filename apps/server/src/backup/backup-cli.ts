// `npm run backup -- FILE`: saves the database and the local photos to FILE (see backup.ts).
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { backup } from './backup.ts';
import { backupFileArgument } from './cli-arguments.ts';

const file = backupFileArgument('backup');
const started = performance.now();
const { rows, photos } = await backup(loadConfig(), file);
console.log(
  `Saved ${rows} rows and ${photos} photos to ${path.relative(process.cwd(), file) || file} in ${Math.round(performance.now() - started)} ms.`,
);
