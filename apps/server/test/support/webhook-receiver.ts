import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCall {
  headers: Record<string, string>;
  body: string;
  at: number;
}

export interface WebhookReceiver {
  url: string;
  port: number;
  calls: ReceivedCall[];
  /** The status the next call is answered with (200 when it returns undefined); may wait first. */
  answer: (call: ReceivedCall) => number | Promise<number>;
  close(): Promise<void>;
}

/** A local HTTP server that takes webhook calls as a customer's endpoint would, and keeps them. */
export async function startWebhookReceiver(answer: WebhookReceiver['answer'] = () => 200): Promise<WebhookReceiver> {
  const receiver = { calls: [] as ReceivedCall[], answer } as WebhookReceiver;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, [value].flat().join(', ')]),
      );
      const call = { headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      receiver.calls.push(call);
      const status = await receiver.answer(call);
      if (!response.destroyed) response.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/hooks`;
  receiver.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return receiver;
}
