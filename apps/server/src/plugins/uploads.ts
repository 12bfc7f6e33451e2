import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { publicScope } from '../http/access.ts';
import { addRouteAnswers, fileAnswer } from '../http/answers.ts';
import { UPLOADS_URL_PREFIX } from '../storage/image-storage.ts';
import type { LocalDiskStorage } from '../storage/local-disk-storage.ts';

const SERVED_NAME = /^\/[A-Za-z0-9][A-Za-z0-9_-]*\.webp$/;

/** Serves stored images: every key is a new name, so they can be cached for a year. */
async function uploads(app: FastifyInstance, { storage }: { storage: LocalDiskStorage }) {
  await app.register(
    publicScope(async (scope) => {
      scope.addHook('onRoute', (route) => addRouteAnswers(route, { 200: fileAnswer('A stored package image (WebP)') }));
      await scope.register(fastifyStatic, {
        root: storage.directory,
        prefix: UPLOADS_URL_PREFIX,
        decorateReply: false,
        index: false,
        dotfiles: 'deny',
        // Only names the image pipeline makes: a stray file in the folder (HTML, SVG, a half-written
        // .partial) is a 404, never served under the site's origin.
        allowedPath: (pathName) => SERVED_NAME.test(pathName),
        setHeaders: (response) => {
          response.header('Cache-Control', 'public, max-age=31536000, immutable');
          response.header('X-Content-Type-Options', 'nosniff');
        },
      });
    }),
    { config: app.config },
  );
}

export default fp(uploads, { name: 'uploads' });
