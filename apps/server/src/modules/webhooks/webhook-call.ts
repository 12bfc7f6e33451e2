import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, hostOf, isPrivateAddress, RefusedTargetError, type TargetRules } from './webhook-targets.ts';

/** At most this much of an answer is read: only its status counts. */
export const ANSWER_READ_LIMIT = 4 * 1024;

/** A call that was not answered with a 2xx: its status when one came, and a short reason. */
export class WebhookCallError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

export interface WebhookCall {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  rules: TargetRules;
}

/**
 * Posts one webhook and resolves with the answer's status when it is a 2xx. The connection goes to an
 * address checked as it was resolved (see `guardedLookup`), redirects are not followed (a 3xx is a
 * failure), the whole call has `timeoutMs`, and no more than `ANSWER_READ_LIMIT` of the answer is read.
 */
export function postWebhook(call: WebhookCall): Promise<number> {
  const url = new URL(call.url);
  const host = hostOf(url);
  if (!call.rules.allowPrivate && isIP(host) !== 0 && isPrivateAddress(host)) {
    return Promise.reject(new WebhookCallError('refused: the address is private or local', null));
  }
  if (call.rules.httpsOnly && url.protocol !== 'https:') {
    return Promise.reject(new WebhookCallError('refused: not an https address', null));
  }
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error: WebhookCallError | undefined, status?: number) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(status!);
    };
    const request = transport.request(
      url,
      {
        method: 'POST',
        headers: {
          ...call.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(call.body),
          'user-agent': 'Waybill-Webhooks/1',
        },
        agent: false,
        ...(call.rules.allowPrivate ? {} : { lookup: guardedLookup }),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let read = 0;
        const done = () => {
          request.destroy();
          if (status >= 200 && status < 300) finish(undefined, status);
          else finish(new WebhookCallError(`answered ${status}`, status));
        };
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read >= ANSWER_READ_LIMIT) done();
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish(new WebhookCallError(`no answer within ${call.timeoutMs / 1000} s`, null));
      request.destroy();
    }, call.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => {
      const refused = error instanceof RefusedTargetError || error.code === 'EWEBHOOKTARGET';
      finish(
        new WebhookCallError(
          refused ? `refused: ${error.message}` : `could not connect (${error.code ?? error.message})`,
          null,
        ),
      );
    });
    request.end(call.body);
  });
}
