import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { closeGracefully } from './shutdown.ts';

const SLOW_CLOSE_MS = 3000;

/**
 * A server with a request that finishes `answerAfterMs` after it reached the handler (`arrived`) and a
 * close step (the database's place) that takes SLOW_CLOSE_MS.
 */
async function serverWithSlowClose(answerAfterMs: number) {
  const events: string[] = [];
  let reached: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const app = Fastify({ logger: false });
  app.get('/work', async () => {
    reached();
    await new Promise((resolve) => setTimeout(resolve, answerAfterMs));
    return { done: true };
  });
  app.addHook('onClose', async () => {
    events.push('closing');
    await new Promise((resolve) => setTimeout(resolve, SLOW_CLOSE_MS));
    events.push('closed');
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, events, arrived, url: `http://127.0.0.1:${port}/work` };
}

describe('closeGracefully', () => {
  it('lets a request in flight finish, then waits for a close slower than the drain time', async () => {
    const server = await serverWithSlowClose(300);
    const inFlight = fetch(server.url);
    await server.arrived;
    const started = Date.now();
    const result = await closeGracefully(server.app, 2000);
    expect((await inFlight).status).toBe(200);
    expect(result).toEqual({ cutRequests: false });
    // The close step outlasted the drain time and was still waited for to the end.
    expect(server.events).toEqual(['closing', 'closed']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_CLOSE_MS - 50);
  });

  it('cuts a request that outlasts the drain time, and still closes everything after it', async () => {
    const server = await serverWithSlowClose(5000);
    const inFlight = fetch(server.url).then(
      () => 'answered',
      () => 'cut',
    );
    await server.arrived;
    const result = await closeGracefully(server.app, 300);
    expect(await inFlight).toBe('cut');
    expect(result).toEqual({ cutRequests: true });
    expect(server.events).toEqual(['closing', 'closed']);
  });
});
