import http from 'node:http';
import net from 'node:net';
import type { AnyBody, TestClient } from '../../support/http-client.ts';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  body: AnyBody;
}

export interface RawRequest {
  method: string;
  /** Sent exactly as given: no URL normalisation folds `..` or `%2e%2e` away (fetch would). */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** One HTTP request over node:http, the path untouched; the answer parsed when it says JSON. */
export function rawRequest(baseUrl: string, request: RawRequest): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        headers: {
          ...(request.body !== undefined ? { 'content-length': String(Buffer.byteLength(request.body)) } : {}),
          ...request.headers,
        },
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: AnyBody = text;
          if (/^application\/(?:problem\+)?json/.test(response.headers['content-type'] ?? '')) {
            try {
              body = JSON.parse(text);
            } catch {
              body = { unparsable: text };
            }
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, body });
        });
      },
    );
    outgoing.on('error', reject);
    if (request.body !== undefined) outgoing.write(request.body);
    outgoing.end();
  });
}

/** Cookie and anti-forgery headers of a browser-like client, for raw requests made on its behalf. */
export async function credentialsOf(client: TestClient): Promise<Record<string, string>> {
  if (!client.xsrfToken()) await client.get('/api/health');
  return { cookie: client.cookieHeader(), 'x-xsrf-token': client.xsrfToken()! };
}

export interface SlowSendResult {
  /** The status of the answer, if one came. */
  status: number | undefined;
  /** The answer's body text. */
  body: string;
  /** When the server closed the connection, in ms after it was opened; undefined if it never did. */
  closedAfterMs: number | undefined;
  /** Request bytes written before the connection closed. */
  sentBytes: number;
}

/**
 * Opens a TCP connection and sends `request` (raw HTTP bytes) at a pace: `atOnce` bytes at once, then
 * `chunkBytes` every `everyMs`, like a slow or hostile client. Resolves when the server closes the
 * connection, or after `giveUpMs` (then closing it from this side).
 */
export function sendSlowly(
  baseUrl: string,
  request: Buffer,
  pace: { atOnce: number; chunkBytes: number; everyMs: number; giveUpMs: number },
): Promise<SlowSendResult> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect(Number(url.port), url.hostname);
    const received: Buffer[] = [];
    let sent = 0;
    const send = (bytes: number) => {
      if (socket.destroyed || sent >= request.length) return;
      const chunk = request.subarray(sent, sent + bytes);
      sent += chunk.length;
      socket.write(chunk);
    };
    let pacer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      send(pace.atOnce);
      pacer = setInterval(() => send(pace.chunkBytes), pace.everyMs);
    });
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', () => undefined); // a reset from the server is one way of being cut off
    let gaveUp = false;
    const giveUp = setTimeout(() => {
      gaveUp = true;
      socket.destroy();
    }, pace.giveUpMs);
    socket.on('close', () => {
      clearInterval(pacer);
      clearTimeout(giveUp);
      const text = Buffer.concat(received).toString('utf8');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      resolve({
        status: status ? Number(status) : undefined,
        body: text.slice(text.indexOf('\r\n\r\n') + 4),
        closedAfterMs: gaveUp ? undefined : Math.round(performance.now() - started),
        sentBytes: sent,
      });
    });
  });
}
