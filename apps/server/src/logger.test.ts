import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import {
  createLogger,
  LOG_REDACT,
  LogLineBatcher,
  MAX_LINE_DELAY_MS,
  MAX_WAITING_CHARS,
  REDACTED,
  RequestLogController,
  redactSecretParameters,
} from './logger.ts';

async function logLinesOf(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({
    loggerInstance: pino({ level, redact: LOG_REDACT }, stream),
    logController: new RequestLogController(),
  });
  app.get('/api/track/:code', async () => ({ ok: true }));
  await app.inject({ method: 'GET', url: '/api/track/ABC', headers: { cookie: 'session=secret' } });
  await app.close();
  return lines.filter((line) => line.reqId !== undefined);
}

describe('request log', () => {
  it('writes one line per request at info, once answered: method, URL, status and time, no cookie', async () => {
    const lines = await logLinesOf('info');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/track/ABC' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it('logs the arrival too at debug', async () => {
    const lines = await logLinesOf('debug');
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });
});

describe('secrets in URLs', () => {
  const TOKEN = 'Zx81-secret_Token-value-0123456789abcdefghij';

  it('replaces the value of every query parameter named like a secret, wherever a URL appears', () => {
    const cases: [string, string][] = [
      [`/ops/accept-invite?token=${TOKEN}`, `/ops/accept-invite?token=${REDACTED}`],
      // A business customer's link carries its token in the fragment; one typed as a query is hidden too.
      [`/account/set-password?token=${TOKEN}`, `/account/set-password?token=${REDACTED}`],
      [`/api/subscriptions/confirm?token=${TOKEN}&x=1`, `/api/subscriptions/confirm?token=${REDACTED}&x=1`],
      [`/a?page=2&api_key=${TOKEN}#top`, `/a?page=2&api_key=${REDACTED}#top`],
      [`/a?X-Amz-Signature=${TOKEN};sessionId=${TOKEN}`, `/a?X-Amz-Signature=${REDACTED};sessionId=${REDACTED}`],
      [`/a?client_secret=${TOKEN}&password=${TOKEN}`, `/a?client_secret=${REDACTED}&password=${REDACTED}`],
      [`/next%3Ftoken%3D${TOKEN}`, `/next%3Ftoken%3D${REDACTED}`],
      [`"Route GET:/x?token=${TOKEN} not found"`, `"Route GET:/x?token=${REDACTED} not found"`],
      [`{"url":"/x?Token=${TOKEN}","b":1}`, `{"url":"/x?Token=${REDACTED}","b":1}`],
    ];
    for (const [line, expected] of cases) expect(redactSecretParameters(line)).toBe(expected);
  });

  it('leaves other parameters, and lines without any, as they are', () => {
    for (const line of ['/track?codes=ABC,DEF&page=2', '{"msg":"request completed","a":"b=c"}', '/x?token=', 'plain']) {
      expect(redactSecretParameters(line)).toBe(line);
    }
  });

  it('reads a long hostile line in linear time', () => {
    const hostile = `?${'a'.repeat(100_000)}${'?token'.repeat(20_000)}=`;
    const started = performance.now();
    redactSecretParameters(hostile);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("keeps them out of every line of the server's logger: request lines, errors, child loggers, 404s", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({
      loggerInstance: createLogger({ logLevel: 'trace', logFormat: 'json' }, stream),
      logController: new RequestLogController(),
    });
    app.get('/link', async (request) => {
      request.log.info({ link: `https://example.test${request.url}` }, `opened ${request.url}`);
      return { ok: true };
    });
    app.get('/fails', async () => {
      throw new Error(`could not open /link?token=${TOKEN}`);
    });
    await app.inject({ method: 'GET', url: `/link?token=${TOKEN}&page=2` });
    await app.inject({ method: 'GET', url: `/fails?token=${TOKEN}` });
    await app.inject({ method: 'GET', url: `/nowhere?signature=${TOKEN}` });
    app.log.child({ module: 'mail' }).warn(`sent /confirm?token=${TOKEN}`);
    await app.close();
    const text = lines.join('');
    expect(text).toContain(`/link?token=${REDACTED}&page=2`);
    expect(text).toContain(`"message":"could not open /link?token=${REDACTED}"`);
    expect(text).toContain(`sent /confirm?token=${REDACTED}`);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(TOKEN.slice(0, 20));
  });
});

describe('LogLineBatcher', () => {
  function batched() {
    const writes: string[] = [];
    const batcher = new LogLineBatcher((text) => writes.push(text));
    return { writes, log: pino({ level: 'info' }, batcher) };
  }
  const messages = (text: string) =>
    text
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { msg: string }).msg);

  it(`writes the lines logged within ${MAX_LINE_DELAY_MS} ms together, a lone line at once`, () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const { writes, log } = batched();
      log.info('one');
      log.info('two');
      log.warn('three');
      expect(writes).toEqual([]);
      vi.advanceTimersByTime(0);
      expect(writes.map(messages)).toEqual([['one', 'two', 'three']]);
      // Right after a write, the next lines wait for the rest of the interval.
      vi.advanceTimersByTime(4);
      log.info('four');
      vi.advanceTimersByTime(MAX_LINE_DELAY_MS - 5);
      expect(writes).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(writes.map(messages)).toEqual([['one', 'two', 'three'], ['four']]);
      // Long after the last write, a line goes out at the end of the turn.
      vi.advanceTimersByTime(1000);
      log.info('five');
      expect(writes).toHaveLength(2);
      vi.advanceTimersByTime(0);
      expect(writes.map(messages)).toEqual([['one', 'two', 'three'], ['four'], ['five']]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes an error or fatal line at once, with every line logged before it', () => {
    const { writes, log } = batched();
    log.info('before');
    log.error('failed');
    expect(writes.map(messages)).toEqual([['before', 'failed']]);
    log.fatal('dying');
    expect(writes.map(messages)).toEqual([['before', 'failed'], ['dying']]);
  });

  it(`writes at once when more than ${MAX_WAITING_CHARS} characters wait`, () => {
    const { writes, log } = batched();
    const filler = 'x'.repeat(1000);
    for (let index = 0; writes.length === 0; index++) {
      expect(index).toBeLessThan(100);
      log.info({ filler }, `line ${index}`);
    }
    expect(writes[0]!.length).toBeGreaterThanOrEqual(MAX_WAITING_CHARS);
  });
});

/** Runs `body` in a child process with `log`, a JSON logger of the server on its standard output. */
async function runWithLogger(body: string) {
  const script = `import { createLogger } from ${JSON.stringify(LOGGER_MODULE)};
const log = createLogger({ logLevel: 'info', logFormat: 'json' });
${body}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const [code, signal] = (await once(child, 'close')) as [number | null, string | null];
  const lines = stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { level: number; msg: string; index?: number });
  return { code, signal, lines, stderr };
}

const LOGGER_MODULE = path.join(import.meta.dirname, 'logger.ts');
/** More lines than fit in one batch (MAX_WAITING_CHARS), so both ways of writing are on the way. */
const MANY_LINES = 2000;

describe('the last lines of a process that ends', { timeout: 60_000 }, () => {
  it('are written when it exits in the middle of a turn (process.exit)', async () => {
    const { code, lines } = await runWithLogger(`
for (let index = 0; index < ${MANY_LINES}; index++) log.info({ index }, 'working');
log.info('last words');
process.exit(3);`);
    expect(code).toBe(3);
    expect(lines.map((line) => line.index ?? line.msg)).toEqual([
      ...Array.from({ length: MANY_LINES }, (_, index) => index),
      'last words',
    ]);
  });

  it('are written when an error nothing caught ends it', async () => {
    const { code, lines, stderr } = await runWithLogger(`
setTimeout(() => {
  for (let index = 0; index < ${MANY_LINES}; index++) log.info({ index }, 'working');
  log.info('last words');
  throw new Error('a bug');
});`);
    expect(code).toBe(1);
    expect(stderr).toContain('a bug');
    expect(lines).toHaveLength(MANY_LINES + 1);
    expect(lines.at(-1)!.msg).toBe('last words');
  });

  it(`are written within ${MAX_LINE_DELAY_MS} ms, so a process killed later has lost none`, async () => {
    const { signal, lines } = await runWithLogger(`
log.info('answered');
setTimeout(() => process.kill(process.pid, 'SIGKILL'), ${5 * MAX_LINE_DELAY_MS});`);
    expect(signal).toBe('SIGKILL');
    expect(lines.map((line) => line.msg)).toEqual(['answered']);
  });
});
