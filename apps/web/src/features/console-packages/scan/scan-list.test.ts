import { describe, expect, it } from 'vitest';
import { mergeResults, type ScanRow, scanListReducer, sendableCodes } from './scan-list.ts';

const add = (rows: ScanRow[], trackingCode: string) => scanListReducer(rows, { type: 'add', trackingCode });

describe('scanListReducer', () => {
  it('lists a code once, newest first, looking up until its answer', () => {
    let rows = add([], 'AAAAAAAAAAAA');
    rows = add(rows, 'BBBBBBBBBBBB');
    const again = add(rows, 'AAAAAAAAAAAA');
    expect(again).toBe(rows);
    expect(rows.map((row) => [row.trackingCode, row.lookup])).toEqual([
      ['BBBBBBBBBBBB', 'looking'],
      ['AAAAAAAAAAAA', 'looking'],
    ]);
  });

  it('sends found packages only: never an unknown code, one still looking up or one whose look-up failed', () => {
    let rows = ['AAAAAAAAAAAA', 'BBBBBBBBBBBB', 'CCCCCCCCCCCC', 'DDDDDDDDDDDD'].reduce(add, [] as ScanRow[]);
    rows = scanListReducer(rows, { type: 'found', trackingCode: 'AAAAAAAAAAAA', status: 'Shipped' });
    rows = scanListReducer(rows, { type: 'unknown', trackingCode: 'BBBBBBBBBBBB' });
    rows = scanListReducer(rows, { type: 'lookup-failed', trackingCode: 'DDDDDDDDDDDD', message: 'offline' });
    expect(sendableCodes(rows)).toEqual(['AAAAAAAAAAAA']);
  });

  it('shows each applied result and new status on its row, and removes or clears rows', () => {
    let rows = ['AAAAAAAAAAAA', 'BBBBBBBBBBBB'].reduce(add, [] as ScanRow[]);
    rows = scanListReducer(rows, { type: 'found', trackingCode: 'AAAAAAAAAAAA', status: 'Shipped' });
    rows = scanListReducer(rows, { type: 'found', trackingCode: 'BBBBBBBBBBBB', status: 'Shipped' });
    rows = scanListReducer(rows, {
      type: 'applied',
      results: [
        { trackingCode: 'AAAAAAAAAAAA', ok: true, status: 'Delivered' },
        { trackingCode: 'BBBBBBBBBBBB', ok: false, message: 'Package not found' },
      ],
    });
    expect(rows.find((row) => row.trackingCode === 'AAAAAAAAAAAA')).toMatchObject({
      status: 'Delivered',
      result: { ok: true },
    });
    expect(rows.find((row) => row.trackingCode === 'BBBBBBBBBBBB')).toMatchObject({
      status: 'Shipped',
      result: { ok: false, message: 'Package not found' },
    });
    expect(
      scanListReducer(rows, { type: 'remove', trackingCode: 'AAAAAAAAAAAA' }).map((row) => row.trackingCode),
    ).toEqual(['BBBBBBBBBBBB']);
    expect(scanListReducer(rows, { type: 'clear' })).toEqual([]);
  });
});

describe('mergeResults', () => {
  it('makes one result per package of a status round and a location round, each failure said once', () => {
    const merged = mergeResults([
      [
        { trackingCode: 'AAAAAAAAAAAA', ok: true, status: 'Processing' },
        { trackingCode: 'BBBBBBBBBBBB', ok: false, message: 'Package not found' },
        { trackingCode: 'CCCCCCCCCCCC', ok: true, status: 'Processing' },
      ],
      [
        { trackingCode: 'AAAAAAAAAAAA', ok: true, status: 'Processing' },
        { trackingCode: 'BBBBBBBBBBBB', ok: false, message: 'Package not found' },
        { trackingCode: 'CCCCCCCCCCCC', ok: false, message: 'Enter a location update' },
      ],
    ]);
    expect(merged).toEqual([
      { trackingCode: 'AAAAAAAAAAAA', ok: true, status: 'Processing', message: undefined },
      { trackingCode: 'BBBBBBBBBBBB', ok: false, status: undefined, message: 'Package not found' },
      { trackingCode: 'CCCCCCCCCCCC', ok: false, status: 'Processing', message: 'Enter a location update' },
    ]);
  });
});
