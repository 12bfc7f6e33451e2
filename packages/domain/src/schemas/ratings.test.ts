import { describe, expect, it } from 'vitest';
import { addDays } from '../delivery-days.ts';
import { COMMENT_CONTROL, FEEDBACK_WEEK_MONDAY, STARS_RANGE } from './messages.ts';
import { canRate, feedbackQuerySchema, mondayOf, RATING_DAYS, ratingInputSchema } from './ratings.ts';

const messagesOf = (body: unknown) => {
  const parsed = ratingInputSchema.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('rating the delivery', () => {
  it('takes 1 to 5 whole stars given as a number, refusing anything else with one message', () => {
    for (const stars of [1, 5]) expect(messagesOf({ stars })).toEqual([]);
    for (const stars of [0, 6, 4.5, '5', null, undefined, -1]) {
      expect(messagesOf({ stars }), String(stars)).toEqual([`stars: ${STARS_RANGE}`]);
    }
  });

  it('trims the comment, keeps its line breaks, and refuses other control characters and more than 500 characters', () => {
    expect(ratingInputSchema.parse({ stars: 4 }).comment).toBe('');
    expect(ratingInputSchema.parse({ stars: 4, comment: '  Quick.\nPolite driver. ' }).comment).toBe(
      'Quick.\nPolite driver.',
    );
    expect(messagesOf({ stars: 4, comment: 'Bell\u0007' })).toEqual([`comment: ${COMMENT_CONTROL}`]);
    expect(messagesOf({ stars: 4, comment: 'x'.repeat(501) })).toEqual(['comment: At most 500 characters']);
    expect(messagesOf({ stars: 4, comment: `${'x'.repeat(499)}\n` })).toEqual([]);
  });

  it(`opens at delivery for ${RATING_DAYS} days, and never before`, () => {
    const delivered = new Date('2026-11-02T10:00:00Z');
    const later = (ms: number) => new Date(delivered.getTime() + ms);
    const day = 24 * 60 * 60 * 1000;
    expect(canRate('Delivered', delivered, later(0))).toBe(true);
    expect(canRate('Delivered', delivered, later(RATING_DAYS * day - 1))).toBe(true);
    expect(canRate('Delivered', delivered, later(RATING_DAYS * day))).toBe(false);
    expect(canRate('Out for Delivery', delivered, later(1))).toBe(false);
    expect(canRate('Delivered', null, later(1))).toBe(false);
  });

  it('names weeks by their Monday', () => {
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(addDays('2026-11-23', -7)).toBe('2026-11-16');
    expect(feedbackQuerySchema.safeParse({ week: '2026-11-23' }).success).toBe(true);
    expect(feedbackQuerySchema.safeParse({ week: '2026-11-24' }).error?.issues[0]?.message).toBe(FEEDBACK_WEEK_MONDAY);
  });
});
