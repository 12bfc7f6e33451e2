import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/** Where a generated first-operator password goes: `DATA_DIR/first-operator.txt`. */
export const FIRST_OPERATOR_FILE = 'first-operator.txt';

export interface PendingSecretFile {
  path: string;
  /** Puts the written file in place. */
  commit(): Promise<void>;
  /** Removes the written file (the operator was not created after all). */
  discard(): Promise<void>;
}

/**
 * Writes the e-mail and generated password of the first operator to a file only its owner may read
 * (0600), never to the log: log shippers keep every line. It is written aside first (created new,
 * with that mode from the start) and put in place only once the operator exists, so a password that
 * works is never lost and one that does not is never shown.
 */
export async function writeFirstOperatorFile(
  dataDir: string,
  details: { email: string; password: string; consoleUrl: string },
): Promise<PendingSecretFile> {
  const target = path.join(dataDir, FIRST_OPERATOR_FILE);
  const aside = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  const file = await open(aside, 'wx', 0o600);
  try {
    await file.writeFile(
      [
        `Waybill's first operator, created ${new Date().toISOString()} with a generated password.`,
        '',
        `Console:  ${details.consoleUrl}`,
        `E-mail:   ${details.email}`,
        `Password: ${details.password}`,
        '',
        'Sign in, keep the password somewhere safe (it is stored nowhere else, only its hash), then',
        'delete this file. `npm run operator -- reset <e-mail>` sets a new password.',
        '',
      ].join('\n'),
    );
    await file.sync();
  } catch (error) {
    await file.close();
    await rm(aside, { force: true });
    throw error;
  }
  await file.close();
  return {
    path: target,
    commit: () => rename(aside, target),
    discard: () => rm(aside, { force: true }),
  };
}
