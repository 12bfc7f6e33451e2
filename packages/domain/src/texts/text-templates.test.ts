import { describe, expect, it } from 'vitest';
import { DEFAULT_FAILURE_REASONS } from '../schemas/driver-events.ts';
import { countSegments } from './gsm7.ts';
import { renderText, TEXT_COMPANY_NAME_MAX, TEXT_KINDS } from './text-templates.ts';

// The longest realistic values: a 40-character PUBLIC_URL, a company name past the 30 kept, the
// longest default failure reason and a driver's 100-character one (the form's maximum).
const LINK = 'https://track.swiftline-logistics.com.ng/t/7KQ2M9XHT4PA';
const LONG_NAME = 'Swiftline Logistics & Express Couriers Nigeria Limited';
const LONGEST_DEFAULT_REASON = [...DEFAULT_FAILURE_REASONS].sort((a, b) => b.length - a.length)[0]!;
const DRIVER_REASON = 'Gate locked, security would not let me in and the phone number on the label did not answer twice'
  .padEnd(100, '.')
  .slice(0, 100);
const PHONE = '+234 (0) 803 123 4567 ext. 1234';

const oneSegment = (body: string) => expect(countSegments(body)).toMatchObject({ encoding: 'GSM-7', segments: 1 });

describe('renderText', () => {
  it.each(TEXT_KINDS)('renders %s in one GSM-7 segment with the longest values', (kind) => {
    for (const reason of [LONGEST_DEFAULT_REASON, DRIVER_REASON]) {
      const body = renderText(kind, {
        companyName: LONG_NAME,
        link: LINK,
        reason,
        companyPhone: PHONE,
        code: '123456',
      });
      oneSegment(body);
      expect(body).toContain(kind === 'help' ? PHONE : LINK);
      expect(body).toContain('Reply STOP to opt out');
      expect(body.startsWith('Swiftline Logistics')).toBe(true);
    }
  });

  it('cuts the company name to 30 septets', () => {
    const body = renderText('delivered', { companyName: LONG_NAME, link: LINK });
    const name = body.slice(0, body.indexOf(':'));
    expect(name.length).toBeLessThanOrEqual(TEXT_COMPANY_NAME_MAX);
    expect(name.endsWith('...')).toBe(true);
  });

  it('keeps the longest default failure reason whole', () => {
    const body = renderText('attempt_failed', { companyName: LONG_NAME, link: LINK, reason: LONGEST_DEFAULT_REASON });
    expect(body).toContain(`: ${LONGEST_DEFAULT_REASON}.`);
  });

  it('says the attempt failed without a reason', () => {
    expect(renderText('attempt_failed', { companyName: 'Acme', link: LINK })).toBe(
      `Acme: delivery failed today. ${LINK} Reply STOP to opt out`,
    );
  });

  it.each([
    ['emoji', 'Fast 🚚💨 Couriers 🇳🇬'],
    ['right-to-left marks', '\u202eFast\u200f Couriers\u202c'],
    ['control characters', 'Fast\u0000\u0007\r\nCouriers\u001b[31m'],
    ['a name in another script', 'شركة التوصيل السريع'],
    ['extension characters only', '€€€€€€€€€€€€€€€€€€€€€€€€€€€€€€€€€€€€'],
  ])('keeps a hostile name (%s) from breaking a text', (_what, companyName) => {
    for (const kind of TEXT_KINDS) {
      const body = renderText(kind, { companyName, link: LINK, reason: `${companyName} ${DRIVER_REASON}` });
      oneSegment(body);
      expect(body).not.toMatch(/[\p{Cc}\p{Cf}]/u);
      expect(body).not.toContain('\n');
      if (kind !== 'help') expect(body).toContain(LINK);
    }
  });

  it('puts the code of a text subscription in its text', () => {
    const body = renderText('updates_code', { companyName: 'Acme', link: LINK, code: '048213' });
    expect(body).toBe(`Acme: 048213 is your code for text updates, valid 10 minutes. ${LINK} Reply STOP to opt out`);
  });
});
