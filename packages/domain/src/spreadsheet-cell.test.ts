import { describe, expect, it } from 'vitest';
import { neutraliseSpreadsheetCell } from './spreadsheet-cell.ts';

describe('neutraliseSpreadsheetCell', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","x")', `'=HYPERLINK("http://evil.example","x")`],
    ['+1 555 0100', "'+1 555 0100"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
  ])('prefixes %j with a quote', (cell, expected) => {
    expect(neutraliseSpreadsheetCell(cell)).toBe(expected);
  });

  it.each(['', 'Ada Shipper', '12 Dock Street', ' =1', "'quoted", 'a=b', 'Zoë @ home', '\n=1'])(
    'keeps %j as it is',
    (cell) => {
      expect(neutraliseSpreadsheetCell(cell)).toBe(cell);
    },
  );
});
