import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldMessages } from '../../test/field-messages.ts';
import { NUMBER_TEXT_TOO_LONG } from './fields.ts';
import { MAX_PAGE, PAGE_MESSAGE, PAGE_SIZE_MESSAGE, pageQueryFields } from './paging.ts';

const query = z.object(pageQueryFields(24));

describe('pageQueryFields', () => {
  it('gives the first page of the list default size when nothing is asked', () => {
    expect(query.parse({})).toEqual({ page: 1, pageSize: 24 });
    expect(z.object(pageQueryFields(50)).parse({}).pageSize).toBe(50);
  });

  it.each([
    [
      { page: '2', pageSize: '100' },
      { page: 2, pageSize: 100 },
    ],
    [
      { page: ' 3 ', pageSize: '1' },
      { page: 3, pageSize: 1 },
    ],
    [{ page: String(MAX_PAGE) }, { page: MAX_PAGE, pageSize: 24 }],
  ])('reads %j', (input, read) => {
    expect(query.parse(input)).toEqual(read);
  });

  it.each(['', '0', '-0', '-1', '1.5', '0x10', '1e400', 'NaN', 'Infinity', String(MAX_PAGE + 1), '2147483648'])(
    'refuses the page %j with its message',
    (page) => {
      expect(fieldMessages(query, { page })).toEqual({ page: PAGE_MESSAGE });
    },
  );

  it.each(['0', '-0', '101', '2.5', '1e3', 'lots', ['10', '20']])(
    'refuses the page size %j with its message',
    (pageSize) => {
      expect(PAGE_SIZE_MESSAGE).toBe('pageSize must be a whole number from 1 to 100');
      expect(fieldMessages(query, { pageSize })).toEqual({ pageSize: PAGE_SIZE_MESSAGE });
    },
  );

  it('refuses 40 digits by their length before reading them', () => {
    expect(fieldMessages(query, { page: '9'.repeat(40) })).toEqual({ page: NUMBER_TEXT_TOO_LONG });
  });
});
