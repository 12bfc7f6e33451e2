// The baseline of the tracking benchmark: a bare node:http server answering GET /api/track/<code>
// with the same JSON bodies the real server gave, from memory. Started as its own process, like the
// real server, so both compete with the load generator on equal terms.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [bodiesFile] = process.argv.slice(2);
const bodies = new Map(Object.entries(JSON.parse(readFileSync(bodiesFile!, 'utf8')) as Record<string, unknown>));
const PREFIX = '/api/track/';

createServer((request, response) => {
  const url = request.url ?? '';
  if (url === '/health') {
    response.writeHead(200).end('ok');
    return;
  }
  const body = url.startsWith(PREFIX) ? bodies.get(url.slice(PREFIX.length)) : undefined;
  if (body === undefined) {
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}).listen(Number(process.env.PORT), '127.0.0.1');
