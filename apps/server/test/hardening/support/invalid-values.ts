import fc from 'fast-check';
import type { FieldKind } from './endpoint-specs.ts';
import { HUGE_TEXT } from './hostile-input.ts';

/** Stands for "leave the field out". */
export const MISSING = Symbol('missing');
export type Mutation = unknown | typeof MISSING;

/** A number written into the JSON text as is: JSON.stringify cannot write 1e400 or -0. */
export class JsonNumber {
  constructor(readonly text: string) {}
}

/** JSON text of `value`, with each JsonNumber written as its own text. */
export function toJson(value: unknown): string {
  const numbers: string[] = [];
  const text = JSON.stringify(value, (_key, item) =>
    item instanceof JsonNumber ? `@@json-number:${numbers.push(item.text) - 1}@@` : item,
  );
  return text.replace(/"@@json-number:(\d+)@@"/g, (_marker, index: string) => numbers[Number(index)]!);
}

/**
 * Instants past the ends of what PostgreSQL and JavaScript agree on, written as a client may: year 0
 * (PostgreSQL has none), years past 9999 (JavaScript writes them as +010000, which PostgreSQL refuses),
 * JavaScript's own limits (±275760), negative years, and offsets that carry a valid text across a year
 * boundary. A date the API cannot take must be refused, never reach the database.
 */
export const EDGE_TIMESTAMPS = [
  '0000-01-01T00:00:00Z',
  '0000-12-31T23:59:59.999Z',
  '0001-01-01T00:00:00+01:00',
  '1969-12-31T23:59:59.999Z',
  '9999-12-31T23:59:59.999-23:59',
  '10000-01-01T00:00:00Z',
  '+010000-01-01T00:00:00.000Z',
  '+275760-09-13T00:00:00.000Z',
  '+275760-09-13T00:00:00.001Z',
  '-000001-01-01T00:00:00Z',
  '-271821-04-20T00:00:00.000Z',
  '99999-01-01T00:00:00Z',
  '2024-02-30T00:00:00Z',
  '2024-01-01T00:00:00.1234567890123Z',
];

/** Numbers no field takes: past every maximum and PostgreSQL's integer types, or not finite. */
const hugeNumbers = fc.oneof(
  fc.constantFrom(2 ** 31, 2 ** 53 + 2, 1e300, Number.MAX_VALUE, -(2 ** 31) - 1, -Number.MAX_VALUE),
  fc.constantFrom('1e400', '-1e400', '1e308', `${'9'.repeat(30)}`, `${'1'.repeat(400)}`, `${'1'.repeat(5000)}x`),
  fc.constantFrom(new JsonNumber('1e400'), new JsonNumber('-1e400'), new JsonNumber(`1${'0'.repeat(400)}`)),
);

const notText = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 }),
  fc.constant({ $ne: '' }),
);

const tooLong = (max: number) =>
  fc.oneof(fc.constant('x'.repeat(max + 1)), fc.constant(HUGE_TEXT), fc.constant(`${'é'.repeat(max)}ab`));

/** Values that make a field invalid, whatever else the body holds. */
export function invalidValueFor(field: FieldKind): fc.Arbitrary<Mutation> {
  switch (field.kind) {
    case 'text':
      return field.required
        ? fc.oneof(fc.constant(MISSING), fc.constantFrom('', '   ', '\t\n'), notText, tooLong(field.max))
        : fc.oneof(notText, tooLong(field.max));
    case 'email':
      return fc.oneof(
        ...(field.required ? [fc.constant(MISSING), fc.constantFrom('', '  ')] : []),
        fc.constantFrom('not-an-email', 'a@b', '@example.com', 'ada@', "x'--@example.com", '<a>@b.c'),
        notText,
        fc.constant(`${'a'.repeat(260)}@example.com`),
      );
    case 'number':
      return fc.oneof(
        fc.constantFrom('ten', '0x10', '0b1', 'NaN', 'Infinity', '1e999', '--1', '1,5'),
        fc.constantFrom(field.min - 1, field.max + 1, Number.MAX_SAFE_INTEGER, -Number.MAX_VALUE),
        hugeNumbers,
        // -0 and values that round to it are 0: wrong only where 0 is.
        ...(field.min > 0 ? [fc.constantFrom(-0, new JsonNumber('-0'), '-0', '1e-400', new JsonNumber('1e-400'))] : []),
        ...(field.int ? [fc.constantFrom(field.min + 0.5, '2.5', `${field.min}.000001`)] : []),
        ...(field.maxDecimals === undefined
          ? []
          : [
              fc.constantFrom(
                field.min + 1 + 10 ** -(field.maxDecimals + 1),
                `${field.min + 1}.${'5'.repeat(field.maxDecimals + 1)}`,
              ),
            ]),
        fc.constantFrom(true, false, null, [1], { value: 1 }),
      );
    case 'boolean':
      return fc.constantFrom('yes', 'on', 1, 0, null, [true], { value: true });
    case 'timestamp':
      return fc.oneof(
        fc.constantFrom(MISSING, '', 'yesterday', '2024-13-45T99:99:99Z', '2024-05-01', 1714557600000, null, []),
        fc.constantFrom(...EDGE_TIMESTAMPS),
        fc.constant(`${'2024-01-01T00:00:00'.repeat(1000)}Z`),
      );
    case 'lines':
      return fc.oneof(
        fc.constantFrom('one line', 42, null, { 0: 'a' }),
        fc.constant(Array.from({ length: field.maxLines + 1 }, (_, index) => `Line ${index}`)),
        fc.constant(['x'.repeat(field.maxLength + 1)]),
        fc.constant([123]),
        fc.constant([null]),
      );
  }
}

/** A copy of `body` with `field` set to `value`, or removed for MISSING. */
export function withField(body: Record<string, unknown>, field: string, value: Mutation): Record<string, unknown> {
  const copy = { ...body };
  if (value === MISSING) delete copy[field];
  else copy[field] = value;
  return copy;
}
