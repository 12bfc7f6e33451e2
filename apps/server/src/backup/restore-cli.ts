// `npm run restore -- FILE`: replaces the database's rows and the local photos with FILE's (see backup.ts).
// Stop every server first: they would keep answering from what they cached, and PGlite has one owner.
import { loadConfig } from '../config.ts';
import { BackupError, restore } from './backup.ts';
import { backupFileArgument } from './cli-arguments.ts';

const file = backupFileArgument('restore');
try {
  const { rows, photos, bucket } = await restore(loadConfig(), file);
  console.log(
    bucket
      ? `Restored ${rows} rows from ${file}, and wrote its ${photos} photos into the S3 bucket "${bucket}" (the bucket's other photos stay).`
      : `Restored ${rows} rows and ${photos} photos from ${file}.`,
  );
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(`Nothing was restored: ${error.message}.`);
  process.exit(1);
}
