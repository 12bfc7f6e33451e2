import type { ShipmentView } from '@waybill/domain';
import { useRef, useState } from 'react';
import { listMatchingCodes } from '../api/list-matching-codes.ts';
import { notifyPackageError } from '../notify-package-error.ts';
import type { BulkOutcome } from './bulk-report.tsx';
import { type PackageSelection, usePackageSelection } from './use-package-selection.ts';

export interface BulkSelection {
  selection: PackageSelection;
  /** The last status seen of a code (from the pages shown, "select all" and bulk results). */
  statusOf: (code: string) => string | undefined;
  outcome: BulkOutcome | null;
  dismissOutcome: () => void;
  selectingAll: boolean;
  selectAllMatching: () => Promise<void>;
  /** Reports a bulk action and keeps only its failed codes selected. */
  finished: (outcome: BulkOutcome) => void;
}

/** A selection of packages with what the bulk actions need around it: statuses, "select all", the report. */
export function useBulkSelection(items: ShipmentView[], filter: { q: string; status: string }): BulkSelection {
  const selection = usePackageSelection(`${filter.q}\n${filter.status}`);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const [selectingAll, setSelectingAll] = useState(false);
  const statuses = useRef(new Map<string, string>());
  for (const item of items) statuses.current.set(item.trackingCode, item.status);

  async function selectAllMatching() {
    if (selectingAll) return;
    setSelectingAll(true);
    try {
      const matching = await listMatchingCodes(filter);
      for (const [code, status] of matching) statuses.current.set(code, status);
      selection.replace([...matching.keys()]);
    } catch (error) {
      notifyPackageError('Error selecting packages', error);
    } finally {
      setSelectingAll(false);
    }
  }

  function finished(done: BulkOutcome) {
    setOutcome(done);
    for (const result of done.results) {
      if (result.ok && result.status) statuses.current.set(result.trackingCode, result.status);
    }
    selection.replace(done.results.filter((result) => !result.ok).map((result) => result.trackingCode));
  }

  return {
    selection,
    statusOf: (code) => statuses.current.get(code),
    outcome,
    dismissOutcome: () => setOutcome(null),
    selectingAll,
    selectAllMatching,
    finished,
  };
}
