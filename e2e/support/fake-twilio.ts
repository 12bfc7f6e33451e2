// A tiny stand-in for Twilio's Messages resource, for the browser tests of the public text options: it
// takes POST /2010-04-01/Accounts/{sid}/Messages.json (form fields To, From, Body) and answers 201 with a
// Message resource, keeping each body so a test can read the code it carried. The server's own tests use
// apps/server/test/support/text-providers.ts, which speaks the whole API.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_TWILIO_SID = `AC${'0123456789abcdef'.repeat(2)}`;
export const FAKE_TWILIO_TOKEN = 'e2e-twilio-auth-token';

export class FakeTwilio {
  readonly sent: { to: string; body: string }[] = [];
  #server: Server | undefined;

  async start(): Promise<string> {
    this.#server = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const sid = `SM${randomBytes(16).toString('hex')}`;
      this.sent.push({ to: form.To ?? '', body: form.Body ?? '' });
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          account_sid: FAKE_TWILIO_SID,
          sid,
          to: form.To,
          from: form.From,
          body: form.Body,
          status: 'queued',
        }),
      );
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  /** The 6-digit code of the last text to `e164`. */
  codeTo(e164: string): string | undefined {
    const body = this.sent.filter((text) => text.to === e164).at(-1)?.body ?? '';
    return /: (\d{6}) is your code/.exec(body)?.[1];
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server?.close(() => resolve()) ?? resolve());
  }
}
