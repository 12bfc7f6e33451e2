import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { UPLOADS_URL_PREFIX } from '../storage/image-storage.ts';
import type { LocalDiskStorage } from '../storage/local-disk-storage.ts';

/** Serves stored images: every key is a new name, so they can be cached for a year. */
async function uploads(app: FastifyInstance, { storage }: { storage: LocalDiskStorage }) {
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root: storage.directory,
      prefix: UPLOADS_URL_PREFIX,
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      setHeaders: (response) => {
        response.header('Cache-Control', 'public, max-age=31536000, immutable');
        response.header('X-Content-Type-Options', 'nosniff');
      },
    });
  });
}

export default fp(uploads, { name: 'uploads' });
