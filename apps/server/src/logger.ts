// The server's logger: pino, JSON lines for log collectors; pino-pretty's readable lines for a person
// at a terminal (see LOG_FORMAT in config.ts). JSON lines are written by the main thread itself, never
// by a worker, and in batches: the lines logged during one turn of the event loop go out in one
// synchronous write when that turn's work is done, instead of one write per line (a write per request
// was a tenth of the busiest public call, and woke the log's reader as often). Nothing waits longer
// than that turn, and nothing is lost on the way out: an error or fatal line is written at once with
// every line before it, and whatever waits is written when the process exits (process.exit, the end of
// a shutdown, an uncaught error). Only a process killed outright (SIGKILL, an abort) can lose the lines
// of the turn it was killed in.
import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config.ts';

export const LOG_REDACT = ['req.headers.cookie', 'req.headers["x-xsrf-token"]', 'res.headers["set-cookie"]'];

/** pino's error (50) and fatal (60): such a line is written at once, with everything logged before it. */
const URGENT_LEVEL = 50;
/** Lines waiting past this many characters are written at once rather than at the end of the turn. */
export const MAX_WAITING_CHARS = 64 * 1024;

/**
 * A pino destination that keeps the lines of one turn of the event loop and hands them to `write` as
 * one text: when the turn's work is done (setImmediate), at once for an error or fatal line or past
 * MAX_WAITING_CHARS, and on the process's exit. pino tells it each line's level (`lastLevel`, set
 * because of the metadata symbol).
 */
export class LogLineBatcher implements pino.DestinationStream {
  readonly [pino.symbols.needsMetadataGsym] = true as const;
  lastLevel = 0;
  lastTime = '';
  lastMsg = '';
  lastObj: object = {};
  lastLogger: unknown;
  #waiting = '';
  #scheduled = false;

  constructor(private readonly writeOut: (text: string) => void) {}

  write(line: string): void {
    this.#waiting += line;
    if (this.lastLevel >= URGENT_LEVEL || this.#waiting.length >= MAX_WAITING_CHARS) this.flushSync();
    else if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(this.flushSync);
    }
  }

  /** Writes whatever waits, now. */
  readonly flushSync = (): void => {
    this.#scheduled = false;
    if (this.#waiting === '') return;
    const text = this.#waiting;
    this.#waiting = '';
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

export function createLogger(config: Pick<Config, 'logLevel' | 'logFormat'>): FastifyBaseLogger {
  const options = { level: config.logLevel, redact: LOG_REDACT };
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
