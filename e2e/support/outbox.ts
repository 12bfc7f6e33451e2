import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { readE2eEnvironment } from './environment.ts';

/** Undoes quoted-printable (soft line breaks, =XX), in which the mailer may wrap a long link. */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * A link containing `marker` in the .eml files the server wrote to `to` (without SMTP_URL it writes
 * each message into DATA_DIR/outbox), as a path of this site with its query and fragment; waits for the
 * message to be written.
 */
export async function readLinkPath(to: string, marker: string): Promise<string> {
  const directory = path.join(readE2eEnvironment().dataDir ?? '', 'outbox');
  // A plain loop rather than expect.poll, which works only inside a test (this also serves beforeAll).
  const deadline = Date.now() + 15_000;
  let found: string | undefined;
  while (!found) {
    const names = (await readdir(directory).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
    for (const name of names) {
      const raw = decodeQuotedPrintable(await readFile(path.join(directory, name), 'utf8'));
      if (!raw.includes(`To: ${to}`)) continue;
      // Words split at spaces, quotes and angle brackets (a linear split, no backtracking pattern).
      found = raw.split(/[\s"<>]+/).find((word) => /^https?:\/\//.test(word) && word.includes(marker));
      if (found) break;
    }
    if (found) break;
    if (Date.now() > deadline) throw new Error(`No e-mail to ${to} with a link containing ${marker}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const url = new URL(found!.replaceAll('&amp;', '&'));
  return `${url.pathname}${url.search}${url.hash}`;
}
