import { useCallback, useReducer, useRef } from 'react';
import { findPackageStatus } from '../api/list-matching-codes.ts';
import { signalScan } from './scan-feedback.ts';
import { type ScanListAction, scanListReducer } from './scan-list.ts';

export type AddOutcome = 'added' | 'duplicate';

/**
 * The scanned packages. `add` lists a code once and looks up its current status (no package
 * with that code marks it unknown), with a sound and a vibration once the answer is in. The codes are also kept in a ref, so
 * two scans of one code in the same instant (a scanner's repeat) still list it once.
 */
export function useScanList() {
  const [rows, dispatchRows] = useReducer(scanListReducer, []);
  const codes = useRef(new Set<string>());

  const dispatch = useCallback((action: ScanListAction) => {
    if (action.type === 'remove') codes.current.delete(action.trackingCode);
    if (action.type === 'clear') codes.current.clear();
    dispatchRows(action);
  }, []);

  const add = useCallback(
    (trackingCode: string): AddOutcome => {
      if (codes.current.has(trackingCode)) return 'duplicate';
      codes.current.add(trackingCode);
      dispatch({ type: 'add', trackingCode });
      findPackageStatus(trackingCode).then(
        (status) => {
          if (!codes.current.has(trackingCode)) return;
          if (status === null) {
            dispatch({ type: 'unknown', trackingCode });
            signalScan('unknown');
            return;
          }
          dispatch({ type: 'found', trackingCode, status });
          signalScan('found');
        },
        (error: unknown) => {
          if (!codes.current.has(trackingCode)) return;
          const message = error instanceof Error ? error.message : String(error);
          dispatch({ type: 'lookup-failed', trackingCode, message });
          signalScan('unknown');
        },
      );
      return 'added';
    },
    [dispatch],
  );

  return { rows, add, dispatch };
}
