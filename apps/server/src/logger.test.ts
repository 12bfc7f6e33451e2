import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { LOG_REDACT, RequestLogController } from './logger.ts';

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
