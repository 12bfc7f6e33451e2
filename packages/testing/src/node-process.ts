import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { findFreePort } from './free-port.ts';

/**
 * No fixed start-up deadline: a start on a busy machine may take long (a fresh embedded database takes
 * tens of seconds), and the Waybill server says what it waits for (a "still … after N s" warning every
 * few seconds, shown at LOG_LEVEL=warn). Only a process silent this long without answering is stuck.
 */
const SILENCE_LIMIT_MS = 120_000;
/** How long `stop()` waits after SIGTERM before it sends SIGKILL. */
const STOP_GRACE_MS = 15_000;
/** Output kept for failure messages and for tests that read the log. */
const OUTPUT_LIMIT = 200_000;

export interface NodeProcessOptions {
  /** Arguments after `node`, e.g. `['--import', 'tsx', 'server.ts']`. */
  args: string[];
  /** Over this process's environment; `undefined` removes a variable. `PORT` is set unless given. */
  env?: Record<string, string | undefined>;
  cwd?: string;
  /** Polled until it answers 2xx (e.g. `/api/health`). */
  readyPath: string;
  /**
   * Until it is ready, the process runs this share (0 < share < 1) of every 100 ms and is stopped
   * (SIGSTOP) for the rest, as `cpulimit` does: a start on a machine whose cores are taken, without
   * processes that take them (which slowed every other test running beside it).
   */
  cpuShareUntilReady?: number;
}

export interface NodeProcess {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  port: number;
  pid: number;
  child: ChildProcess;
  /** Resolves with the exit code (null when ended by a signal). */
  exited: Promise<number | null>;
  /** What the process printed so far (stdout and stderr, the last 200 kB). */
  output(): string;
  /** VmRSS (now) and VmHWM (peak since start) from /proc/<pid>/status. */
  memory(): { rssBytes: number; peakRssBytes: number };
  /** SIGTERM, SIGKILL after 15 s; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL if still running, and wait for the exit. */
  kill(): Promise<void>;
}

function readMemory(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024;
  return { rssBytes: field('VmRSS'), peakRssBytes: field('VmHWM') };
}

/**
 * A Node script as one child process (its PID is the server's, so it can be stopped by it) on a free
 * port, resolved once `readyPath` answers. Rejects with the process's output when it exits first or
 * stays silent too long.
 */
export async function startNodeProcess(options: NodeProcessOptions): Promise<NodeProcess> {
  const port = options.env?.PORT !== undefined ? Number(options.env.PORT) : await findFreePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), ...options.env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  const child = spawn(process.execPath, options.args, { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });

  // The chunks as they came, the oldest dropped once the rest hold OUTPUT_LIMIT characters; joined only
  // when asked. Joining and cutting the text on every chunk copied 200 kB each time (2 ms here), and
  // the benchmarks read a logging server's output in the process that generates the load.
  const chunks: string[] = [];
  let kept = 0;
  let lastSignOfLife = Date.now();
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    chunks.push(text);
    kept += text.length;
    while (kept - chunks[0]!.length >= OUTPUT_LIMIT) kept -= chunks.shift()!.length;
    lastSignOfLife = Date.now();
  };
  const output = () => chunks.join('').slice(-OUTPUT_LIMIT);
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      exitCode = code;
      resolve(code);
    });
  });
  const running = () => exitCode === undefined;
  const kill = async () => {
    if (running()) child.kill('SIGKILL');
    await exited;
  };

  const url = `http://127.0.0.1:${port}`;
  const throttle =
    options.cpuShareUntilReady === undefined ? undefined : throttleCpu(child, options.cpuShareUntilReady);
  try {
    await waitUntilReady();
  } finally {
    throttle?.end();
  }

  async function waitUntilReady() {
    for (;;) {
      if (!running()) throw new Error(`The process exited (${exitCode}) before it was ready:\n${output()}`);
      const ready = await fetch(`${url}${options.readyPath}`)
        .then((response) => response.ok)
        .catch(() => false);
      if (ready) return;
      // A throttled process is silent for longer stretches: its limit grows by the same ratio.
      const silenceLimit = SILENCE_LIMIT_MS / (options.cpuShareUntilReady ?? 1);
      if (Date.now() - lastSignOfLife > silenceLimit) {
        await kill();
        throw new Error(`The process did not answer and said nothing for ${silenceLimit / 1000} s:\n${output()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return {
    url,
    port,
    pid: child.pid!,
    child,
    exited,
    output,
    memory: () => readMemory(child.pid!),
    async stop() {
      if (!running()) return exited;
      const force = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      child.kill('SIGTERM');
      const code = await exited;
      clearTimeout(force);
      return code;
    },
    kill,
  };
}

/** Stops and continues `child` in turns so it runs `share` of every 100 ms; `end()` lets it run freely. */
function throttleCpu(child: ChildProcess, share: number): { end(): void } {
  if (!(share > 0 && share < 1)) throw new Error(`cpuShareUntilReady must be between 0 and 1, not ${share}`);
  const PERIOD_MS = 100;
  let pause: NodeJS.Timeout | undefined;
  const signal = (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
  };
  const cycle = setInterval(() => {
    signal('SIGCONT');
    pause = setTimeout(() => signal('SIGSTOP'), PERIOD_MS * share);
  }, PERIOD_MS);
  return {
    end() {
      clearInterval(cycle);
      clearTimeout(pause);
      signal('SIGCONT');
    },
  };
}
