import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  normalizeTrackingCode,
  PACKAGE_NOT_FOUND,
  type PageRequest,
  PRERENDERED_PATHS,
  parseTrackingCodes,
  TRACKING_CODE_MAX_INPUT,
} from '@waybill/domain';
import escapeHtml from 'escape-html';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fileAnswer } from '../../http/answers.ts';
import { sendNotFound } from '../../plugins/error-handler.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';
import { CONSOLE_PAGE_HELMET } from '../../plugins/security-headers.ts';
import { SESSION_COOKIE } from '../auth/auth.service.ts';
import { readCachedAnswer } from '../tracking/tracking.service.ts';
import { AssetFiles } from './asset-files.ts';
import { driverAppManifest } from './driver-app-manifest.ts';
import { PageCache } from './page-cache.ts';
import { loadPageRenderer } from './page-renderer.ts';
import { preparePage, sendPage } from './rendered-page.ts';
import { loadSiteContent } from './site-content.ts';

const CONSOLE_PAGE = 'console.html';
/** The driver app's page: its own script, without the console's router and screens. */
const DRIVER_PAGE = 'driver.html';
/** The business customers' portal's page: its own script, at /account and every address under it. */
const ACCOUNT_PAGE = 'account.html';
/**
 * A file of the build by its name: no folder, no leading dot, an extension. Each dot starts a part of
 * its own, so a name matches in one pass, whatever its length.
 */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)+$/;
/** The channel the database's triggers announce a changed plan or contact details on (migration 0012). */
export const SITE_CONTENT_CHANNEL = 'site_content_changed';
/** The key of the not-found page in the page cache (every public path is a key of its own). */
const NOT_FOUND_KEY = '/404';

const PAGE = { schema: { response: { 200: fileAnswer('A page of the site (HTML)') } } };
const ASSET = { schema: { response: { 200: fileAnswer('A file of the web build, named by its content') } } };
const FILE = {
  schema: { response: { 200: fileAnswer('A file of the driver app (its manifest, its service worker)') } },
};

/** Inserts the console prefix for the client router, escaped for an attribute. */
export function withConsoleBase(html: string, consolePath: string): string {
  return html.replace('</head>', `<meta name="waybill-console-base" content="${escapeHtml(consolePath)}"></head>`);
}

/**
 * The driver app's page asks for today's run while its script downloads (its own request for the run
 * takes the answer): only on a page load by a browser that holds a session, so a visitor without one is
 * not refused a request, and never in the copy the app's service worker fetches and keeps (not a page
 * load). The answer is the driver's alone (same origin, with the cookie, `private, no-store`).
 */
export function withDriverRunPreload(html: string): string {
  return html.replace('</head>', '<link rel="preload" href="/api/driver/run" as="fetch" crossorigin></head>');
}

/**
 * The site: the public pages rendered by the web build's renderer with the current plan and contact
 * details (kept until those change), the tracking page of a code with its answer, the console's one
 * page under ADMIN_PATH (and the driver app's own at ADMIN_PATH/driver), the business customers'
 * portal's at /account, and the built files (hashed
 * assets with a long cache, pre-compressed .br/.gz chosen by Accept-Encoding).
 */
async function webApp(app: FastifyInstance, { root, consolePath }: { root: string; consolePath: string }) {
  // cacheControl off: each route below sets its own (no-cache for pages, a year for hashed assets).
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true, index: false, cacheControl: false });
  const renderer = await loadPageRenderer(root);

  // Which texts the pages offer: a fact of the configuration, never a secret of it.
  const textsConfig = app.config.texts;
  const texts = textsConfig
    ? { whatsapp: textsConfig.provider === 'twilio' && textsConfig.whatsappFrom !== undefined }
    : null;
  const render = async (request: Omit<PageRequest, 'content'>) => {
    const content = await loadSiteContent(app.db, app.config.company, new Date(), texts);
    const { status, html } = renderer.render({ ...request, content });
    return preparePage(status, html);
  };
  const pages = new PageCache((key) =>
    render(key === NOT_FOUND_KEY ? { path: NOT_FOUND_KEY, search: '' } : { path: key, search: '' }),
  );
  app.databaseChanges.subscribe(SITE_CONTENT_CHANNEL, {
    changed: () => pages.clear(),
    listening(on) {
      pages.listening = on;
      if (!on) pages.clear();
    },
  });

  const query = (request: FastifyRequest) => {
    const at = request.url.indexOf('?');
    return at === -1 ? '' : request.url.slice(at + 1);
  };

  for (const pathname of PRERENDERED_PATHS) {
    if (pathname === '/track') continue;
    app.get(pathname, PAGE, async (request, reply) => sendPage(request, reply, await pages.get(pathname)));
  }

  // /track?codes=…: one code is that code's page; several are listed (the page's script looks each up).
  app.get('/track', PAGE, async (request, reply) => {
    const search = query(request);
    const codes = new URLSearchParams(search).get('codes');
    if (codes === null) return sendPage(request, reply, await pages.get('/track'));
    const parsed = parseTrackingCodes(codes);
    if (parsed.ok && parsed.codes.length === 1) {
      return reply.redirect(`/track/${encodeURIComponent(parsed.codes[0] ?? '')}`, 303);
    }
    return sendPage(request, reply, await render({ path: '/track', search }));
  });

  // A code's page, with its answer (or the reason there is none) rendered in: the link of every e-mail.
  // It reads the same cached answers as the tracking API, and counts in the same budget per client.
  app.get('/track/:code', { ...PAGE, ...rateLimitFor(app, 'track') }, async (request, reply) => {
    const raw = (request.params as { code: string }).code;
    const code = normalizeTrackingCode(raw.slice(0, TRACKING_CODE_MAX_INPUT));
    const answer = code ? await readCachedAnswer(app.db, app.trackingAnswers, code) : { json: undefined };
    const tracking =
      answer.json === undefined
        ? { code: code || raw.slice(0, TRACKING_CODE_MAX_INPUT), result: null, error: PACKAGE_NOT_FOUND }
        : { code, result: JSON.parse(answer.json), error: null };
    return sendPage(
      request,
      reply,
      await render({ path: `/track/${encodeURIComponent(tracking.code)}`, search: '', tracking }),
    );
  });

  /** A page of the console's (read once), with the console base its scripts read. */
  const consoleFile = (file: string) => {
    let html: string | undefined;
    return async (_request: FastifyRequest, reply: FastifyReply) => {
      html ??= withConsoleBase(await readFile(path.join(root, file), 'utf8'), consolePath);
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
    };
  };
  const sendConsole = consoleFile(CONSOLE_PAGE);
  const sendDriverPage = consoleFile(DRIVER_PAGE);
  let driverPageWithRun: string | undefined;
  const sendDriver = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Vary', 'Cookie, Sec-Fetch-Mode');
    if (request.headers['sec-fetch-mode'] !== 'navigate' || !request.cookies[SESSION_COOKIE]) {
      return sendDriverPage(request, reply);
    }
    driverPageWithRun ??= withDriverRunPreload(
      withConsoleBase(await readFile(path.join(root, DRIVER_PAGE), 'utf8'), consolePath),
    );
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(driverPageWithRun);
  };
  const consolePage = { ...PAGE, helmet: CONSOLE_PAGE_HELMET };
  // Before the console's catch-all: the driver app's manifest and the worker that keeps it offline.
  const manifest = driverAppManifest(consolePath, app.config.company.name);
  app.get(`${consolePath}/driver.webmanifest`, FILE, (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').type('application/manifest+json').send(manifest),
  );
  // Always asked again: a new build's worker replaces the old one at the driver's next visit.
  app.get('/driver-sw.js', FILE, (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').sendFile('driver-sw.js'),
  );
  app.get(`${consolePath}/driver`, consolePage, sendDriver);
  app.get(consolePath, consolePage, sendConsole);
  app.get(`${consolePath}/*`, consolePage, sendConsole);

  // The portal's one page, read once: the same for every member and address (its data comes from
  // /api/account/*, never cached), asked again at each visit so a new build's scripts are used.
  let accountHtml: string | undefined;
  const sendAccount = async (_request: FastifyRequest, reply: FastifyReply) => {
    accountHtml ??= await readFile(path.join(root, ACCOUNT_PAGE), 'utf8');
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(accountHtml);
  };
  app.get('/account', PAGE, sendAccount);
  app.get('/account/*', PAGE, sendAccount);

  // The build's assets folder is flat: a name with a slash (or an encoded one) is never one of them.
  const assets = new AssetFiles(path.join(root, 'assets'));
  app.get('/assets/*', ASSET, async (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    if (!FILE_NAME.test(file)) return sendNotFound(request, reply);
    return (await assets.send(request, reply, file)) ?? sendNotFound(request, reply);
  });

  // Other files at the root of the build (favicon, robots.txt, …) or else the site's 404 page.
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
    if (FILE_NAME.test(name) && !name.endsWith('.html')) {
      try {
        await access(path.join(root, name));
        return reply.header('Cache-Control', 'public, max-age=3600').sendFile(name);
      } catch {
        // not a file of the build: fall through to the 404 page
      }
    }
    return sendPage(request, reply, await pages.get(NOT_FOUND_KEY));
  });
}

export default fp(webApp, { name: 'web-app', dependencies: ['database-changes', 'tracking-cache'] });
