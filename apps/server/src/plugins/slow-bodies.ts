import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type HttpTimeouts, refuseSlowRequest } from '../http-timeouts.ts';

const hasBody = (raw: IncomingMessage) =>
  raw.headers['transfer-encoding'] !== undefined ||
  (raw.headers['content-length'] !== undefined && raw.headers['content-length'] !== '0');

/**
 * A minimum transfer rate for request bodies: Node only bounds the whole request (`requestMs`, long
 * enough for a slow phone's largest upload), so a body trickled a byte at a time would hold its
 * connection that long. Every `windowMs` while a body arrives, the bytes the connection read are
 * counted; fewer than `bytes` and it is answered 408 and closed. A window in which data was waiting
 * unread on the server's side (the route was busy, not the client slow) does not count.
 */
async function slowBodies(app: FastifyInstance, { minBodyRate }: { minBodyRate: HttpTimeouts['minBodyRate'] }) {
  // A callback hook, not an async one: most requests have no body, and a promise per request is not free.
  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.raw;
    if (raw.complete || !hasBody(raw)) {
      done();
      return;
    }
    const socket = raw.socket;
    let seen = socket.bytesRead;
    // Checks stop once the body is in or the connection is gone (also after an early answer: Node
    // then reads and drops the rest of the body, which must arrive at the same rate).
    const check = setInterval(() => {
      if (raw.complete || socket.destroyed) {
        clearInterval(check);
        return;
      }
      const read = socket.bytesRead;
      if (read - seen < minBodyRate.bytes && raw.readableLength === 0) {
        clearInterval(check);
        request.log.info({ bytes: read - seen, windowMs: minBodyRate.windowMs }, 'request body arriving too slowly');
        refuseSlowRequest(socket);
        return;
      }
      seen = read;
    }, minBodyRate.windowMs);
    check.unref();
    done();
  });
}

export default fp(slowBodies, { name: 'slow-bodies' });
