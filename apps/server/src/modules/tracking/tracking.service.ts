import { PACKAGE_NOT_FOUND, trackResultSchema } from '@waybill/domain';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { AnswerCache, CachedAnswer } from './answer-cache.ts';
import { findTrackResultJson } from './tracking.repository.ts';

/**
 * What a customer sees for a tracking code, as JSON text of the TrackResult shape: status, estimated
 * delivery and locations, no personal data; `late` (isRunningLate) as of `now`, so the page says
 * "Running late" instead of showing a delivery date that has passed.
 */
export async function trackPackage(db: Database, trackingCode: string, now = new Date()): Promise<string> {
  const json = await findTrackResultJson(db, trackingCode, now);
  if (json === undefined) throw notFound(PACKAGE_NOT_FOUND);
  return json;
}

/** Checked once per answer read from the database, before it is kept: nothing beyond the public shape is ever sent. */
const checkAnswer = (json: string) => {
  // A plain error (a 500), not the zod error, which the error handler would answer as a 400.
  if (!trackResultSchema.safeParse(JSON.parse(json)).success) throw new Error('a tracking answer left its schema');
};

/** The service's answer, with "not found" as undefined so that it can be kept too. */
async function readAnswer(db: Database, code: string): Promise<string | undefined> {
  try {
    return await trackPackage(db, code);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return undefined;
    throw error;
  }
}

/**
 * A code's public answer (JSON text, undefined for an unknown code) from this process's cache, read
 * from the database when the cache has none: for the tracking API and the server-rendered tracking page.
 */
export function readCachedAnswer(db: Database, cache: AnswerCache, code: string): Promise<CachedAnswer> {
  return cache.get(code, () => readAnswer(db, code), checkAnswer);
}
