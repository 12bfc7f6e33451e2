// A small load balancer for tests: each request goes to the next upstream in turn, with the client's
// address added to X-Forwarded-For, as a reverse proxy in front of several Waybill processes does.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  /** How many requests each upstream was sent, in the order the upstreams were given. */
  sent: number[];
  /** Upstreams taken out of the rotation after a connection to them failed. */
  down: Set<string>;
  close(): Promise<void>;
}

/**
 * Alternates between `upstreams` per request (not per connection, so one keep-alive client reaches
 * each in turn). An upstream that fails a connection is taken out of the rotation, as a balancer's
 * health check would, and that request answers 502: it is not retried, since its body may have reached
 * the dead process. With every upstream down, requests answer 502 at once.
 */
export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  const sent = upstreams.map(() => 0);
  const down = new Set<string>();
  const agent = new http.Agent({ keepAlive: true });
  let next = 0;

  const pick = (): number | undefined => {
    for (let tried = 0; tried < upstreams.length; tried++) {
      const index = next;
      next = (next + 1) % upstreams.length;
      if (!down.has(upstreams[index]!)) return index;
    }
    return undefined;
  };

  const badGateway = (response: http.ServerResponse) => {
    if (response.headersSent) {
      response.destroy();
      return;
    }
    response.writeHead(502, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ message: 'Bad gateway' }));
  };

  const server = http.createServer((request, response) => {
    const index = pick();
    if (index === undefined) {
      request.resume();
      badGateway(response);
      return;
    }
    sent[index]! += 1;
    const upstream = new URL(upstreams[index]!);
    const forwarded = request.headers['x-forwarded-for'];
    const client = request.socket.remoteAddress ?? '';
    const outgoing = http.request({
      agent,
      host: upstream.hostname,
      port: upstream.port,
      method: request.method,
      path: request.url,
      headers: { ...request.headers, 'x-forwarded-for': forwarded ? `${forwarded}, ${client}` : client },
    });
    outgoing.on('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
      answer.on('error', () => response.destroy());
    });
    outgoing.on('error', () => {
      down.add(upstreams[index]!);
      badGateway(response);
    });
    request.pipe(outgoing);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    down,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
