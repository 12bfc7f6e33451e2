// The start's warning when PUBLIC_URL is so long that `PUBLIC_URL/t/CODE` takes a template past one
// segment (160 GSM-7 characters): found by lengthening the address until a text breaks, then checked
// against the templates themselves, a character either side. No database.
import { countSegments, renderText, TEXT_KINDS, TRACKING_CODE_EXAMPLE } from '@waybill/domain';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { warnAboutLongTexts } from './texts.plugin.ts';

const COMPANY = { name: 'Swift Couriers' };

function warningsFor(publicUrl: string) {
  const lines: { level: number; msg: string; publicUrl?: string }[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  warnAboutLongTexts(log, { publicUrl, company: COMPANY });
  return lines;
}

/** The longest of the texts as their templates write them with this address's link. */
const longestText = (publicUrl: string) =>
  Math.max(
    ...TEXT_KINDS.map(
      (kind) =>
        countSegments(
          renderText(kind, { companyName: COMPANY.name, link: `${publicUrl}/t/${TRACKING_CODE_EXAMPLE}`, reason: 'x' }),
        ).units,
    ),
  );

describe('the warning about a long PUBLIC_URL at start', () => {
  it('says nothing while every text fits one segment, and warns once, at warn level, from the first address that breaks one', () => {
    const address = (length: number) => `https://${'w'.repeat(length)}.example`;
    expect(warningsFor(address(10))).toEqual([]);
    let length = 10;
    while (warningsFor(address(length)).length === 0 && length < 200) length += 1;
    expect(length).toBeLessThan(200);
    // One character shorter, the longest text is 160 characters at most; at this length it is past them.
    expect(longestText(address(length - 1))).toBeLessThanOrEqual(160);
    expect(longestText(address(length))).toBeGreaterThan(160);
    const warnings = warningsFor(address(length));
    expect(warnings).toEqual([
      expect.objectContaining({
        level: 40,
        publicUrl: address(length),
        msg: 'texts: PUBLIC_URL is too long for one segment; texts take 2',
      }),
    ]);
  });
});
