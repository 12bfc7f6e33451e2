import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { PRERENDERED_PATHS, prerenderedFile } from '@waybill/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fileAnswer } from '../http/answers.ts';
import { sendNotFound } from './error-handler.ts';
import { CONSOLE_PAGE_HELMET } from './security-headers.ts';

const FALLBACK = '__spa-fallback.html';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const PAGE = { schema: { response: { 200: fileAnswer('A page of the web app (HTML)') } } };
const ASSET = { schema: { response: { 200: fileAnswer('A file of the web build, named by its content') } } };

/** Inserts the console prefix for the client router, escaped for an attribute. */
export function withConsoleBase(html: string, consolePath: string): string {
  const escaped = consolePath.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return html.replace('</head>', `<meta name="waybill-console-base" content="${escaped}"></head>`);
}

/**
 * The built web app: prerendered pages, the SPA fallback for client-only routes and the console,
 * hashed assets with a long cache, and pre-compressed (.br/.gz) files chosen by Accept-Encoding.
 */
async function webApp(app: FastifyInstance, { root, consolePath }: { root: string; consolePath: string }) {
  // cacheControl off: each route below sets its own (no-cache for pages, a year for hashed assets).
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true, index: false, cacheControl: false });

  const sendPage = (reply: FastifyReply, file: string, status = 200) =>
    reply.code(status).header('Cache-Control', 'no-cache').sendFile(file);

  for (const pathname of PRERENDERED_PATHS) {
    app.get(pathname, PAGE, (_request, reply) => sendPage(reply, prerenderedFile(pathname)));
  }
  app.get('/track/*', PAGE, (_request, reply) => sendPage(reply, FALLBACK));

  let consoleHtml: string | undefined;
  const sendConsole = async (_request: FastifyRequest, reply: FastifyReply) => {
    consoleHtml ??= withConsoleBase(await readFile(path.join(root, FALLBACK), 'utf8'), consolePath);
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(consoleHtml);
  };
  const consolePage = { ...PAGE, helmet: CONSOLE_PAGE_HELMET };
  app.get(consolePath, consolePage, sendConsole);
  app.get(`${consolePath}/*`, consolePage, sendConsole);

  app.get('/assets/*', ASSET, (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    return reply.header('Cache-Control', IMMUTABLE).sendFile(path.posix.join('assets', file));
  });

  // Other files at the root of the build (favicon, robots.txt, …) or else the app's 404 page.
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (
      pathname.startsWith('/api/') ||
      pathname === '/api' ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return sendNotFound(request, reply);
    }
    const name = pathname.slice(1);
    if (/^[A-Za-z0-9][A-Za-z0-9._-]*\.[a-z0-9]+$/.test(name) && !name.endsWith('.html')) {
      try {
        await access(path.join(root, name));
        return reply.header('Cache-Control', 'public, max-age=3600').sendFile(name);
      } catch {
        // not a file of the build: fall through to the 404 page
      }
    }
    return sendPage(reply, FALLBACK, 404);
  });
}

export default fp(webApp, { name: 'web-app' });
