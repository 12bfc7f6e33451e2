import fc from 'fast-check';

/** Strings an attacker tries first: injections, traversal, odd unicode, control characters. */
export const HOSTILE_TEXTS = [
  "' OR '1'='1",
  "'; DROP TABLE packages; --",
  '1; SELECT pg_sleep(5)',
  '" onmouseover="alert(1)',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '..\\..\\windows\\win.ini',
  '%00',
  'nul\u0000byte',
  '\u0000',
  '\u202Egnp.exe',
  '\uFEFFbom',
  '\uD800 lone surrogate',
  'Zürich — 東京 — القاهرة — 🚚📦',
  'e\u0301\u0301\u0301\u0301',
  `\${7*7}{{7*7}}<%= 7*7 %>`,
  '__proto__',
  'constructor',
  'null',
  '\r\nSet-Cookie: x=1',
  ' ',
  '',
];

/** About 100 KB of text (over every field's limit and under the 256 KB JSON body limit). */
export const HUGE_TEXT = 'A'.repeat(100_000);

export const hostileText = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(HUGE_TEXT, `${HUGE_TEXT}\u0000`) },
);

/** Any JSON value of a type a field might not expect. */
export const wrongTypeValue = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);

export const anyValue = fc.oneof(hostileText, wrongTypeValue);

/** Extra fields a client should not send (they must change nothing). */
export const extraFields = fc.dictionary(
  fc.oneof(fc.constantFrom('_id', 'id', 'status', 'trackingCode', 'createdAt', 'isAdmin', 'role'), fc.string()),
  anyValue,
  { maxKeys: 3 },
);

/** Path segments for `:code` and `:id`: traversal, encodings, injections, odd lengths. */
export const hostileSegment = fc
  .oneof(
    fc.constantFrom(
      '..',
      '../..',
      '..%2F..%2Fetc%2Fpasswd',
      '%2e%2e%2f%2e%2e%2f',
      '%252e%252e%252f',
      '..\\..',
      '%00',
      'ABC%00DEF',
      "'%20OR%20'1'%3D'1",
      '%3Cscript%3E',
      '%E0%A4%A',
      '%',
      '%FF%FE',
      'x'.repeat(70),
      'x'.repeat(5000),
      '00000000-0000-0000-0000-000000000000',
      'not-a-uuid',
    ),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map(encodeURIComponent),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map((text) => encodeURIComponent(text)),
  )
  .filter((segment) => segment !== '' && segment !== '.');
