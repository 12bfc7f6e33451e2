import { PACKAGE_NOT_FOUND, trackParamsSchema, trackResultSchema } from '@waybill/domain';
import type { FastifyReply } from 'fastify';
import { notFound } from '../../errors.ts';
import { publicScope } from '../../http/access.ts';
import { errorAnswers, sendJsonText } from '../../http/answers.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';
import { readCachedAnswer } from './tracking.service.ts';

/**
 * True when `If-None-Match` names `etag` (or is `*`). The header is bounded by the server's header
 * size limit and is read by splitting on commas, no pattern; a weak form (W/"…") of the tag matches.
 */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  for (const candidate of ifNoneMatch.split(',')) {
    const tag = candidate.trim();
    if (tag === etag || tag === '*' || (tag.startsWith('W/') && tag.slice(2) === etag)) return true;
  }
  return false;
}

export const trackingRoutes = publicScope(async (app) => {
  const answers = app.trackingAnswers;
  app.get(
    '/api/track/:code',
    {
      schema: {
        tags: ['Tracking'],
        summary: 'The public status of a package: no names, e-mails, phones or addresses',
        description:
          'Carries a strong ETag; a request with that tag in If-None-Match is answered 304 with no body while the package is unchanged.',
        params: trackParamsSchema,
        // The 200 answer is JSON text in this shape (checked once when read from the database), sent
        // as it is: a string skips the serialiser.
        response: { 200: trackResultSchema, ...errorAnswers({ 404: PACKAGE_NOT_FOUND }) },
      },
      ...rateLimitFor(app, 'track'),
    },
    async (request, reply) => {
      const { code } = request.params;
      const answer = await readCachedAnswer(app.db, answers, code);
      if (answer.json === undefined) throw notFound(PACKAGE_NOT_FOUND);
      // no-cache: a browser keeps the answer but asks every time (a 304 costs nothing), so a customer
      // sees a change at once; a max-age would show a stale status after an operator's change.
      reply.header('Cache-Control', 'no-cache').header('ETag', answer.etag);
      // A 304 has no body, so it is left out of the declared answers (which describe bodies).
      if (matchesEtag(request.headers['if-none-match'], answer.etag!)) return (reply as FastifyReply).code(304).send();
      return sendJsonText(reply, answer.json);
    },
  );
});
