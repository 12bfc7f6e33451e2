import type { Socket } from 'node:net';
import { LIMITS, SLOW_REQUEST_MESSAGE } from '@waybill/domain';
import type { FastifyServerOptions } from 'fastify';

/**
 * What the limits are measured against. The largest request is a package submission with five
 * photos of 10 MB (the form fields and multipart framing add well under 256 KB): 52.7 MB. A slow
 * phone uplink of 0.5 Mbit/s (62.5 KB/s) sends it in 843 s, just over 14 minutes.
 * @internal Read by the slow-client tests, which send this much at this rate.
 */
export const UPLOAD_BUDGET = {
  largestBodyBytes: LIMITS.maxImages * LIMITS.maxImageBytes + 256 * 1024,
  slowUplinkBytesPerSecond: 62_500,
};

/** Time limits of the HTTP server. docs/SECURITY.md explains each figure. */
export interface HttpTimeouts {
  /** A request's headers must have arrived within this (Node's `headersTimeout`); also bounds a connection that sends nothing. */
  headersMs: number;
  /** The whole request, body included, must have arrived within this (`requestTimeout`). */
  requestMs: number;
  /** A request body must bring at least `bytes` in every `windowMs`, so a trickle cannot hold a connection for `requestMs`. */
  minBodyRate: { bytes: number; windowMs: number };
  /** A connection with no traffic either way for this long is closed (`connectionTimeout`). */
  idleMs: number;
  /** A kept-alive connection idle between requests for this long is closed (`keepAliveTimeout`). */
  keepAliveMs: number;
  /** How often Node checks `headersMs` and `requestMs` (`connectionsCheckingInterval`; its default is 30 s). */
  checkEveryMs: number;
}

export const HTTP_TIMEOUTS: HttpTimeouts = {
  // Headers are a few KB, 16 KB at most: seconds even on the slowest link.
  headersMs: 20_000,
  // The largest body on the slow uplink (14 min) with 40 % to spare for TCP overhead and stalls.
  requestMs: 20 * 60_000,
  // 1.6 KB/s, about 13 kbit/s: 38 times below the slow uplink; a stall of up to 19 s passes.
  minBodyRate: { bytes: 32 * 1024, windowMs: 20_000 },
  // Longer than the longest processing of a submission (its images re-encoded), so only dead or
  // stalled connections (a client that stopped reading an answer) are closed.
  idleMs: 120_000,
  // Fastify's default, kept on purpose: longer than the 60 s idle timeout of common proxies and load
  // balancers, so they close a kept-alive connection first and never reuse one the server is closing.
  keepAliveMs: 72_000,
  checkEveryMs: 5_000,
};

interface ServerSocket extends Socket {
  /** Node's response in flight on this connection, if any. */
  _httpMessage?: { headersSent: boolean } | null;
}

function answerAndClose(socket: Socket, status: number, reason: string, message: string): void {
  const inFlight = (socket as ServerSocket)._httpMessage;
  // As Node does: answer only when no answer has begun on this connection, or it would be garbled.
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify({ message });
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Answers 408 `{ message }` to a request that arrives too slowly (when nothing was answered yet) and closes its connection. */
export function refuseSlowRequest(socket: Socket): void {
  answerAndClose(socket, 408, 'Request Timeout', SLOW_REQUEST_MESSAGE);
}

/** Node's errors before a request reaches Fastify: a timeout, headers too large, a malformed request. */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') refuseSlowRequest(socket);
  else if (error.code === 'HPE_HEADER_OVERFLOW') {
    answerAndClose(socket, 431, 'Request Header Fields Too Large', 'Request headers are too large');
  } else answerAndClose(socket, 400, 'Bad Request', 'Malformed request');
}

/** The Fastify (and Node) server options that apply `timeouts`. */
export function serverTimeoutOptions(timeouts: HttpTimeouts) {
  return {
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
    clientErrorHandler: answerClientError,
  } satisfies Partial<FastifyServerOptions> & { http: object };
}
