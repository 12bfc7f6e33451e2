import fc from 'fast-check';
import type { FieldKind } from './endpoint-specs.ts';
import { HUGE_TEXT } from './hostile-input.ts';

/** Stands for "leave the field out". */
export const MISSING = Symbol('missing');
export type Mutation = unknown | typeof MISSING;

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
        ...(field.int ? [fc.constantFrom(field.min + 0.5, '2.5')] : []),
        fc.constantFrom(true, false, null, [1], { value: 1 }),
      );
    case 'boolean':
      return fc.constantFrom('yes', 'on', 1, 0, null, [true], { value: true });
    case 'timestamp':
      return fc.constantFrom(MISSING, '', 'yesterday', '2024-13-45T99:99:99Z', '2024-05-01', 1714557600000, null, []);
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
