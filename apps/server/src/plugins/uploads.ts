import fastifyStatic from '@fastify/static';
import { PHOTO_STORAGE_DOWN } from '@waybill/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { publicScope } from '../http/access.ts';
import { addRouteAnswers, fileAnswer } from '../http/answers.ts';
import { type ImageStorage, UPLOADS_URL_PREFIX } from '../storage/image-storage.ts';
import { LocalDiskStorage } from '../storage/local-disk-storage.ts';
import { S3ImageStorage } from '../storage/s3-storage.ts';

const SERVED_NAME = /^\/[A-Za-z0-9][A-Za-z0-9_-]*\.webp$/;
/** Longer than any key the pipeline makes (a UUID, `-thumb`, `.webp`): never sent to the bucket. */
const MAX_SERVED_NAME = 100;

const CACHE_HEADERS = {
  'Cache-Control': 'public, max-age=31536000, immutable',
  'X-Content-Type-Options': 'nosniff',
};

/** Serves stored images: every key is a new name, so they can be cached for a year. */
async function uploads(app: FastifyInstance, { storage }: { storage: ImageStorage }) {
  await app.register(
    publicScope(async (scope) => {
      scope.addHook('onRoute', (route) => addRouteAnswers(route, { 200: fileAnswer('A stored package image (WebP)') }));
      if (storage instanceof S3ImageStorage) {
        // Served through the app rather than from bucket URLs: the bucket stays private, and the URLs,
        // headers and name check stay those of the local disk. HEAD is declared with GET (Fastify's own
        // HEAD twin would download the object and drop it): a HEAD asks the bucket for the size only.
        scope.route({
          method: ['GET', 'HEAD'],
          url: `${UPLOADS_URL_PREFIX}*`,
          handler: async (request, reply) => {
            const name = (request.params as { '*': string })['*'];
            if (name.length > MAX_SERVED_NAME || !SERVED_NAME.test(`/${name}`)) return reply.callNotFound();
            let object: Awaited<ReturnType<S3ImageStorage['open']>>;
            try {
              object = await storage.open(name, { headOnly: request.method === 'HEAD' });
            } catch (error) {
              // Not the request's fault, and a retry may succeed: a 503 that a cache will not keep.
              request.log.warn({ err: error }, 'the photo storage did not answer');
              return reply.code(503).header('Cache-Control', 'no-store').send({ message: PHOTO_STORAGE_DOWN });
            }
            if (!object) return reply.callNotFound();
            reply.headers(CACHE_HEADERS).type('image/webp');
            if (object.contentLength !== undefined) reply.header('Content-Length', object.contentLength);
            if (object.etag) reply.header('ETag', object.etag);
            if (object.lastModified) reply.header('Last-Modified', object.lastModified.toUTCString());
            return reply.send(object.body);
          },
        });
        return;
      }
      if (!(storage instanceof LocalDiskStorage)) throw new Error('No way to serve this image storage under /uploads');
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
          response.headers(CACHE_HEADERS);
        },
      });
    }),
    { config: app.config },
  );
}

export default fp(uploads, { name: 'uploads' });
