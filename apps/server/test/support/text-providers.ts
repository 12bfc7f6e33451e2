// A local HTTP server that speaks the documented APIs of the text-message providers, for the tests:
// Twilio's Messages resource (POST /2010-04-01/Accounts/{AccountSid}/Messages.json, Basic auth, form
// fields To, From or MessagingServiceSid, Body, StatusCallback; 201 with the Message resource, errors as
// { code, message, more_info, status }) and Africa's Talking's messaging API (POST /version1/messaging,
// apiKey header, form fields username, to, message, from; 201 with SMSMessageData.Recipients). It checks
// each request's fields, answers as documented (or as a test scripts it), and posts the providers'
// callbacks back to Waybill: Twilio's signed with X-Twilio-Signature, Africa's Talking's with the secret.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const TWILIO_SID = `AC${'0123456789abcdef'.repeat(2)}`;
export const TWILIO_TOKEN = 'twilio-test-auth-token';
export const TWILIO_NUMBER = '+15005550006';
export const AT_USERNAME = 'waybill-test';
export const AT_KEY = 'at-test-api-key';
export const AT_SECRET = 'at-callback-secret-for-the-tests';
/** Waybill's PUBLIC_URL in these tests: callbacks are signed over it and posted to the app's real address. */
export const TEXTS_PUBLIC_URL = 'http://waybill.test';

export interface ProviderRequest {
  provider: 'twilio' | 'africastalking';
  path: string;
  headers: IncomingMessage['headers'];
  form: Record<string, string>;
  /** What the server answered. */
  status: number;
  /** The id it gave the message, when it took it. */
  id?: string;
}

/** A scripted answer for the next request: a status and a body, sent as JSON (or as text). */
export interface ScriptedAnswer {
  status: number;
  body: unknown;
}

const E164 = /^\+[1-9]\d{6,14}$/;

/** Twilio's signature: HMAC-SHA1 with the auth token over the URL and the form's names and values, sorted. */
export function twilioSignature(token: string, url: string, form: Record<string, string>): string {
  const data = Object.keys(form)
    .sort()
    .reduce((text, name) => text + name + form[name], url);
  return createHmac('sha1', token).update(data, 'utf8').digest('base64');
}

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

function answer(response: ServerResponse, status: number, body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' });
  response.end(text);
}

const twilioError = (status: number, code: number, message: string) => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});

export class TextProviders {
  readonly requests: ProviderRequest[] = [];
  /** Answers given, in order, to the next sends (of either provider) instead of the documented one. */
  readonly script: ScriptedAnswer[] = [];
  /** Waybill's address (the test app's baseUrl), where callbacks are posted. */
  appUrl = '';
  /** This server's address, once started. */
  url = '';
  #server: Server | undefined;
  #callbacks = new Map<string, string>();

  async start(): Promise<string> {
    this.#server = createServer((request, response) => {
      this.#handle(request, response).catch((error) => answer(response, 500, String(error)));
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this.url;
  }

  async close() {
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()));
  }

  /** The sends it took (201), with their fields. */
  sent(provider?: ProviderRequest['provider']) {
    return this.requests.filter((request) => request.id && (!provider || request.provider === provider));
  }

  async #handle(request: IncomingMessage, response: ServerResponse) {
    const form = await readForm(request);
    const path = request.url ?? '';
    const provider = path.startsWith('/2010-04-01/') ? 'twilio' : 'africastalking';
    const record: ProviderRequest = { provider, path, headers: request.headers, form, status: 0 };
    this.requests.push(record);
    const send = (status: number, body: unknown, id?: string) => {
      record.status = status;
      if (id) record.id = id;
      answer(response, status, body);
    };
    const scripted = this.script.shift();
    if (provider === 'twilio') this.#twilio(request, form, path, scripted, send);
    else this.#africasTalking(request, form, path, scripted, send);
  }

  #twilio(
    request: IncomingMessage,
    form: Record<string, string>,
    path: string,
    scripted: ScriptedAnswer | undefined,
    send: (status: number, body: unknown, id?: string) => void,
  ) {
    if (request.method !== 'POST' || path !== `/2010-04-01/Accounts/${TWILIO_SID}/Messages.json`) {
      return send(404, twilioError(404, 20404, 'The requested resource was not found'));
    }
    const expected = `Basic ${Buffer.from(`${TWILIO_SID}:${TWILIO_TOKEN}`).toString('base64')}`;
    if (request.headers.authorization !== expected) return send(401, twilioError(401, 20003, 'Authenticate'));
    if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return send(400, twilioError(400, 20001, 'Form body expected'));
    }
    const to = (form.To ?? '').replace(/^whatsapp:/, '');
    if (!form.Body) return send(400, twilioError(400, 21602, 'Message body is required.'));
    if (!form.From && !form.MessagingServiceSid) {
      return send(400, twilioError(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required"));
    }
    if (scripted) return send(scripted.status, scripted.body);
    if (!E164.test(to))
      return send(400, twilioError(400, 21211, `The 'To' number ${form.To} is not a valid phone number.`));
    const sid = `SM${randomBytes(16).toString('hex')}`;
    if (form.StatusCallback) this.#callbacks.set(sid, form.StatusCallback);
    send(
      201,
      {
        account_sid: TWILIO_SID,
        sid,
        to: form.To,
        from: form.From ?? null,
        messaging_service_sid: form.MessagingServiceSid ?? null,
        body: form.Body,
        status: 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        uri: `/2010-04-01/Accounts/${TWILIO_SID}/Messages/${sid}.json`,
      },
      sid,
    );
  }

  #africasTalking(
    request: IncomingMessage,
    form: Record<string, string>,
    path: string,
    scripted: ScriptedAnswer | undefined,
    send: (status: number, body: unknown, id?: string) => void,
  ) {
    if (request.method !== 'POST' || path !== '/version1/messaging') return send(404, 'Not Found');
    if (request.headers.apikey !== AT_KEY) return send(401, 'The supplied authentication is invalid');
    if (request.headers.accept !== 'application/json') return send(406, 'Accept: application/json expected');
    if (form.username !== AT_USERNAME) return send(401, 'The supplied authentication is invalid');
    if (!form.to || !form.message) return send(400, 'Request is missing required form field');
    if (scripted) return send(scripted.status, scripted.body);
    const valid = E164.test(form.to);
    const messageId = `ATXid_${randomBytes(16).toString('hex')}`;
    const recipient = valid
      ? { statusCode: 101, number: form.to, status: 'Success', cost: 'KES 0.8000', messageId }
      : { statusCode: 403, number: form.to, status: 'InvalidPhoneNumber', cost: '0', messageId: 'None' };
    send(
      201,
      {
        SMSMessageData: { Message: `Sent to ${valid ? 1 : 0}/1 Total Cost: KES 0.8000`, Recipients: [recipient] },
      },
      valid ? messageId : undefined,
    );
  }

  /** Posts a signed Twilio webhook to Waybill: `path` and query as Waybill's address, signed over PUBLIC_URL. */
  async postTwilio(pathAndQuery: string, form: Record<string, string>, signature?: string) {
    const signed = twilioSignature(TWILIO_TOKEN, `${TEXTS_PUBLIC_URL}${pathAndQuery}`, form);
    return fetch(`${this.appUrl}${pathAndQuery}`, {
      method: 'POST',
      headers: { 'x-twilio-signature': signature ?? signed },
      body: new URLSearchParams(form),
    });
  }

  /** Twilio's status callback of a message it took, to the StatusCallback Waybill gave. */
  twilioStatus(sid: string, status: string, errorCode?: string) {
    const callback = this.#callbacks.get(sid);
    if (!callback) throw new Error(`no StatusCallback for ${sid}`);
    const url = new URL(callback);
    return this.postTwilio(`${url.pathname}${url.search}`, {
      AccountSid: TWILIO_SID,
      MessageSid: sid,
      SmsSid: sid,
      MessageStatus: status,
      SmsStatus: status,
      To: this.requests.find((request) => request.id === sid)?.form.To ?? '',
      From: TWILIO_NUMBER,
      ApiVersion: '2010-04-01',
      ...(errorCode ? { ErrorCode: errorCode } : {}),
    });
  }

  /** A reply by text to Twilio, posted signed (or with `signature` instead). */
  twilioReply(from: string, body: string, signature?: string) {
    return this.postTwilio(
      '/api/messages/twilio/inbound',
      {
        AccountSid: TWILIO_SID,
        MessageSid: `SM${randomBytes(16).toString('hex')}`,
        From: from,
        To: TWILIO_NUMBER,
        Body: body,
        NumMedia: '0',
        ApiVersion: '2010-04-01',
      },
      signature,
    );
  }

  /** Posts an Africa's Talking callback with `secret` in its address. */
  postAfricasTalking(path: string, form: Record<string, string>, secret: string | undefined = AT_SECRET) {
    const query = secret === undefined ? '' : `?secret=${encodeURIComponent(secret)}`;
    return fetch(`${this.appUrl}${path}${query}`, { method: 'POST', body: new URLSearchParams(form) });
  }

  /** Africa's Talking's delivery report of a message it took. */
  africasTalkingDelivery(id: string, status: string, failureReason?: string) {
    const to = this.requests.find((request) => request.id === id)?.form.to ?? '';
    return this.postAfricasTalking('/api/messages/africastalking/delivery', {
      id,
      status,
      phoneNumber: to,
      networkCode: '63902',
      retryCount: '0',
      ...(failureReason ? { failureReason } : {}),
    });
  }

  /** An incoming message to the Africa's Talking short code. */
  africasTalkingReply(from: string, text: string, secret?: string) {
    return this.postAfricasTalking(
      '/api/messages/africastalking/inbound',
      {
        date: new Date().toISOString(),
        from,
        id: randomBytes(8).toString('hex'),
        linkId: randomBytes(8).toString('hex'),
        text,
        to: '20880',
        networkCode: '63902',
      },
      secret,
    );
  }
}
