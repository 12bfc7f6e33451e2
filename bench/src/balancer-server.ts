// A round-robin load balancer for the tracking benchmark, as its own process (so it does not share a
// thread with the load generator): each request goes to the next upstream in turn over kept-alive
// connections. GET /__balancer/counts answers how many requests each upstream answered, by status class.
// Usage: node --import tsx balancer-server.ts <upstream url> <upstream url> …  (PORT from the environment)
import http from 'node:http';

const upstreams = process.argv.slice(2).map((url) => new URL(url));
const counts = upstreams.map(() => ({ ok: 0, other: 0 }));
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
let next = 0;

http
  .createServer((request, response) => {
    if (request.url === '/__balancer/health') {
      response.writeHead(200).end('ok');
      return;
    }
    if (request.url === '/__balancer/counts') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(counts));
      return;
    }
    const index = next;
    next = (next + 1) % upstreams.length;
    const upstream = upstreams[index]!;
    const outgoing = http.request({
      agent,
      host: upstream.hostname,
      port: upstream.port,
      method: request.method,
      path: request.url,
      headers: request.headers,
    });
    outgoing.on('response', (answer) => {
      const status = answer.statusCode ?? 502;
      if (status < 400) counts[index]!.ok += 1;
      else counts[index]!.other += 1;
      response.writeHead(status, answer.headers);
      answer.pipe(response);
    });
    outgoing.on('error', () => {
      counts[index]!.other += 1;
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(outgoing);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
