import { describe, expect, it } from 'vitest';
import { TRACKING_CODE_MAX_INPUT, TRACKING_CODE_REQUIRED } from './tracking-code.ts';
import {
  parseTrackingCodes,
  TRACKING_CODES_MAX,
  TRACKING_CODES_MAX_INPUT,
  TRACKING_CODES_TOO_MANY,
} from './tracking-codes.ts';

const codes = (count: number) => Array.from({ length: count }, (_, i) => `CODE${String(i).padStart(8, 'A')}`);

describe('parseTrackingCodes', () => {
  it('reads one code as the single search does: trimmed and upper case', () => {
    expect(parseTrackingCodes('  7kq2m9xht4pa ')).toEqual({ ok: true, codes: ['7KQ2M9XHT4PA'] });
    // Anything but a separator stays part of the code, as it always has.
    expect(parseTrackingCodes('wb-none-such')).toEqual({ ok: true, codes: ['WB-NONE-SUCH'] });
  });

  it('splits on line breaks, commas, semicolons, spaces and tabs, and drops empty pieces', () => {
    expect(parseTrackingCodes('aaa\nbbb\r\nccc')).toEqual({ ok: true, codes: ['AAA', 'BBB', 'CCC'] });
    expect(parseTrackingCodes('aaa, bbb,,ccc;ddd')).toEqual({ ok: true, codes: ['AAA', 'BBB', 'CCC', 'DDD'] });
    expect(parseTrackingCodes(' aaa\tbbb\u00a0ccc ,\n')).toEqual({ ok: true, codes: ['AAA', 'BBB', 'CCC'] });
  });

  it('keeps each code once, where it first appears, whatever its case', () => {
    expect(parseTrackingCodes('bbb, AAA, bbb\naaa, BBB')).toEqual({ ok: true, codes: ['BBB', 'AAA'] });
  });

  it('asks for a code when there is nothing but separators', () => {
    for (const input of ['', '   ', ',, ;\n\t']) {
      expect(parseTrackingCodes(input)).toEqual({ ok: false, message: TRACKING_CODE_REQUIRED });
    }
  });

  it(`takes ${TRACKING_CODES_MAX} different codes and refuses one more`, () => {
    expect(parseTrackingCodes(codes(TRACKING_CODES_MAX).join('\n'))).toEqual({
      ok: true,
      codes: codes(TRACKING_CODES_MAX),
    });
    expect(parseTrackingCodes(codes(TRACKING_CODES_MAX + 1).join(','))).toEqual({
      ok: false,
      message: TRACKING_CODES_TOO_MANY,
    });
    expect(TRACKING_CODES_TOO_MANY).toBe('Please enter at most 10 tracking codes, one a line or separated by commas.');
    // Repeats do not count against the limit.
    const repeated = [...codes(TRACKING_CODES_MAX), ...codes(TRACKING_CODES_MAX)].join(', ');
    expect(parseTrackingCodes(repeated)).toMatchObject({ ok: true, codes: codes(TRACKING_CODES_MAX) });
  });

  it('reads ten of the longest codes with their separators, and refuses longer text before splitting it', () => {
    const longest = Array.from({ length: TRACKING_CODES_MAX }, (_, i) =>
      String(i).padEnd(TRACKING_CODE_MAX_INPUT, 'X'),
    );
    const full = longest.join('\r\n').padEnd(TRACKING_CODES_MAX_INPUT, ' ');
    expect(full).toHaveLength(TRACKING_CODES_MAX_INPUT);
    expect(parseTrackingCodes(full)).toMatchObject({ ok: true, codes: longest });
    // One character more is refused, even though it is only a space and holds no code.
    expect(parseTrackingCodes(`${full} `)).toEqual({ ok: false, message: TRACKING_CODES_TOO_MANY });
    // A megabyte of separators is refused at once, not split.
    const started = performance.now();
    expect(parseTrackingCodes(','.repeat(1_000_000))).toEqual({ ok: false, message: TRACKING_CODES_TOO_MANY });
    expect(performance.now() - started).toBeLessThan(50);
  });
});
