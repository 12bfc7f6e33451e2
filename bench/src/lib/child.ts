import { spawn } from 'node:child_process';

/** Runs a command to completion, streaming nothing; rejects with its output when it fails. */
export function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`));
    });
  });
}

/**
 * Waits until `url` answers 2xx, with no fixed deadline: a server on a busy machine may start slowly, and
 * Waybill says what it waits for (a "still … after N s" warning every few seconds). Throws when the
 * process exits, or when it has said nothing for `silenceLimitMs`.
 */
export async function waitForHttp(
  url: string,
  process: { isAlive: () => boolean; lastSignOfLife: () => number },
  silenceLimitMs: number,
): Promise<void> {
  for (;;) {
    if (!process.isAlive()) throw new Error(`the process behind ${url} exited before answering`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() - process.lastSignOfLife() > silenceLimitMs) {
      throw new Error(`${url} did not answer and its process said nothing for ${silenceLimitMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
