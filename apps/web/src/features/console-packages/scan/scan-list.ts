import type { BulkResult } from '@waybill/domain';

/** One scanned package: looked up once, then updated by each action applied to the list. */
export interface ScanRow {
  trackingCode: string;
  lookup: 'looking' | 'found' | 'unknown' | 'failed';
  /** The current status once found (and after each applied action). */
  status?: string;
  /** Why the look-up failed (not a 404: the server or the network). */
  lookupError?: string;
  /** The last applied action's outcome for this package. */
  result?: { ok: boolean; message?: string };
}

export type ScanListAction =
  | { type: 'add'; trackingCode: string }
  | { type: 'found'; trackingCode: string; status: string }
  | { type: 'unknown'; trackingCode: string }
  | { type: 'lookup-failed'; trackingCode: string; message: string }
  | { type: 'remove'; trackingCode: string }
  | { type: 'clear' }
  | { type: 'applied'; results: BulkResult[] };

function update(rows: ScanRow[], trackingCode: string, change: Partial<ScanRow>): ScanRow[] {
  return rows.map((row) => (row.trackingCode === trackingCode ? { ...row, ...change } : row));
}

/** The newest scan first, where the operator looks after scanning; a code is listed once. */
export function scanListReducer(rows: ScanRow[], action: ScanListAction): ScanRow[] {
  switch (action.type) {
    case 'add':
      if (rows.some((row) => row.trackingCode === action.trackingCode)) return rows;
      return [{ trackingCode: action.trackingCode, lookup: 'looking' }, ...rows];
    case 'found':
      return update(rows, action.trackingCode, { lookup: 'found', status: action.status, lookupError: undefined });
    case 'unknown':
      return update(rows, action.trackingCode, { lookup: 'unknown', status: undefined });
    case 'lookup-failed':
      return update(rows, action.trackingCode, { lookup: 'failed', lookupError: action.message });
    case 'remove':
      return rows.filter((row) => row.trackingCode !== action.trackingCode);
    case 'clear':
      return [];
    case 'applied': {
      const byCode = new Map(action.results.map((result) => [result.trackingCode, result]));
      return rows.map((row) => {
        const result = byCode.get(row.trackingCode);
        if (!result) return row;
        return {
          ...row,
          status: result.status ?? row.status,
          result: { ok: result.ok, message: result.message },
        };
      });
    }
  }
}

/** The packages an action is sent to: found ones only (an unknown code is never sent). */
export function sendableCodes(rows: ScanRow[]): string[] {
  return rows.filter((row) => row.lookup === 'found').map((row) => row.trackingCode);
}

/**
 * One result per package from the results of several actions applied one after another (a status,
 * then a location): done when every action was, with the failures' messages and the last status.
 */
export function mergeResults(rounds: BulkResult[][]): BulkResult[] {
  const merged = new Map<string, BulkResult>();
  for (const round of rounds) {
    for (const result of round) {
      const before = merged.get(result.trackingCode);
      if (!before) {
        merged.set(result.trackingCode, { ...result });
        continue;
      }
      const messages = [...new Set([before.message, result.message])].filter((text): text is string => Boolean(text));
      merged.set(result.trackingCode, {
        trackingCode: result.trackingCode,
        ok: before.ok && result.ok,
        status: result.status ?? before.status,
        message: messages.length > 0 ? messages.join('; ') : undefined,
      });
    }
  }
  return [...merged.values()];
}
