// The server's logger: pino, JSON lines for log collectors; pino-pretty's readable lines for a person
// at a terminal (see LOG_FORMAT in config.ts). JSON lines are written by the main thread itself, never
// by a worker, and in batches: one synchronous write to stdout at most every 10 ms, with the lines
// logged since, instead of one write per line (a write per request was over a tenth of the busiest
// public call, and woke the log's reader as often). A line waits 10 ms at most, and nothing is lost on
// the way out: an error or fatal line is written at once with every line before it, and whatever waits
// is written when the process exits (process.exit at the end of a shutdown, an uncaught error). Only
// a process killed outright (SIGKILL, an abort) can lose the lines of its last 10 ms.
import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config.ts';

export const LOG_REDACT = ['req.headers.cookie', 'req.headers["x-xsrf-token"]', 'res.headers["set-cookie"]'];

/** What stands in a log line for the value of a query parameter that holds a secret. */
export const REDACTED = '[REDACTED]';
/** Query parameters whose name says they hold a secret: a token, a key, a signature, a password… */
const SECRET_PARAMETER_NAME = /token|key|secret|sig|passw|pwd|auth|credential|session/i;
// A query parameter anywhere in a line: after `?`, `&` or `;` (or their percent-encoded forms), a
// name of at most 128 characters, `=` (or `%3D`), then its value up to the next separator, space,
// quote or bracket. The name cannot hold a separator, `%` or `=`, so each parameter is read one way
// only (linear time, whatever the line).
const QUERY_PARAMETER = /([?&;]|%3[Ff]|%26)([^\s=&;#?%"'\\<>]{1,128})(=|%3[Dd])([^\s&;#"'\\<>]*)/g;

/**
 * A log line with the value of every query parameter named like a secret replaced by REDACTED,
 * wherever a URL appears in it: the request line of a one-time link (an invitation, a subscription's
 * confirmation or unsubscribe link), an error message quoting a URL, a field a module logged.
 */
export function redactSecretParameters(line: string): string {
  if (!line.includes('=') && !line.includes('%3')) return line;
  return line.replace(QUERY_PARAMETER, (whole, separator: string, name: string, equals: string, value: string) =>
    value !== '' && value !== REDACTED && SECRET_PARAMETER_NAME.test(name)
      ? `${separator}${name}${equals}${REDACTED}`
      : whole,
  );
}

/** pino's error (50) and fatal (60): such a line is written at once, with everything logged before it. */
const URGENT_LEVEL = 50;
/** The longest a line waits, and the shortest time between two writes of waiting lines. */
export const MAX_LINE_DELAY_MS = 10;
/** Lines waiting past this many characters are written at once. */
export const MAX_WAITING_CHARS = 64 * 1024;

/**
 * A pino destination that hands the lines logged since its last write to `writeOut` as one text:
 * MAX_LINE_DELAY_MS after that write at the earliest (so a lone line goes out at once, and a busy
 * server writes about a hundred times a second whatever its number of requests), at once for an
 * error or fatal line or past MAX_WAITING_CHARS, and on the process's exit (`flushSync`, which
 * `stdoutLogLines` registers). pino tells it each line's level (`lastLevel`, set because of the
 * metadata symbol).
 */
export class LogLineBatcher implements pino.DestinationStream {
  readonly [pino.symbols.needsMetadataGsym] = true as const;
  lastLevel = 0;
  lastTime = '';
  lastMsg = '';
  lastObj: object = {};
  lastLogger: unknown;
  #waiting = '';
  #timer: NodeJS.Timeout | undefined;
  #lastWrite = Number.NEGATIVE_INFINITY;

  constructor(private readonly writeOut: (text: string) => void) {}

  write(line: string): void {
    this.#waiting += line;
    if (this.lastLevel >= URGENT_LEVEL || this.#waiting.length >= MAX_WAITING_CHARS) this.flushSync();
    else if (this.#timer === undefined) {
      // Not holding the process open: its exit writes whatever waits.
      const wait = Math.max(0, this.#lastWrite + MAX_LINE_DELAY_MS - performance.now());
      this.#timer = setTimeout(this.flushSync, wait).unref();
    }
  }

  /** Writes whatever waits, now. */
  readonly flushSync = (): void => {
    if (this.#timer !== undefined) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    if (this.#waiting === '') return;
    const text = this.#waiting;
    this.#waiting = '';
    this.#lastWrite = performance.now();
    this.writeOut(text);
  };

  /** pino's `logger.flush(callback)`. */
  flush(callback?: (error?: Error) => void): void {
    this.flushSync();
    callback?.();
  }
}

let stdoutLines: LogLineBatcher | undefined;

/**
 * The one batcher of standard output, whatever number of loggers write there (apps built in one
 * process share it, so their lines keep their order). Its writes are synchronous (sonic-boom's, which
 * retries a full pipe and stops at a closed one), and it is emptied when the process exits.
 */
export function stdoutLogLines(): LogLineBatcher {
  if (!stdoutLines) {
    const destination = pino.destination({ dest: 1, sync: true });
    const batcher = new LogLineBatcher((text) => destination.write(text));
    process.on('exit', batcher.flushSync);
    stdoutLines = batcher;
  }
  return stdoutLines;
}

/**
 * The server's logger. Every line it or any of its children writes passes `redactSecretParameters`
 * on its way out (pino's streamWrite hook sees the finished line, whatever logged it), so no one-time
 * link, key or signature reaches the log in a URL. `destination` replaces standard output (tests).
 */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  destination?: pino.DestinationStream,
): FastifyBaseLogger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    redact: LOG_REDACT,
    hooks: { streamWrite: redactSecretParameters },
  };
  if (destination) return pino(options, destination);
  if (config.logFormat === 'pretty') {
    return pino(options, pretty({ sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' }));
  }
  return pino(options, stdoutLogLines());
}

/**
 * One line per request, when it is answered (method, URL, client, status, time), instead of Fastify's
 * two (one on arrival, one on answer): the busiest public call spent about a tenth of its time writing
 * log lines. The arrival line is kept at debug level, for following a request that never ends.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
