// The server's logger: pino writing synchronously to stdout, so the last lines before an exit (a
// shutdown, an uncaught error) are never lost in a buffer or a worker thread. JSON lines for log
// collectors; pino-pretty's readable lines for a person at a terminal (see LOG_FORMAT in config.ts).
import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config.ts';

export const LOG_REDACT = ['req.headers.cookie', 'req.headers["x-xsrf-token"]', 'res.headers["set-cookie"]'];

export function createLogger(config: Pick<Config, 'logLevel' | 'logFormat'>): FastifyBaseLogger {
  const options = { level: config.logLevel, redact: LOG_REDACT };
  if (config.logFormat === 'pretty') {
    return pino(options, pretty({ sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' }));
  }
  return pino(options, pino.destination({ dest: 1, sync: true }));
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
