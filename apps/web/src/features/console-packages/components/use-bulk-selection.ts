import type { PackageView } from '@waybill/domain';
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
  /** Adds every package the search and filter match (on any page) to the selection. */
  selectAllMatching: () => Promise<void>;
  /** How many packages the search and filter match, once every one of them is selected; else null. */
  allMatchingSelected: number | null;
  /** Reports a bulk action and keeps only its failed codes selected. */
  finished: (outcome: BulkOutcome) => void;
}

/** A selection of packages with what the bulk actions need around it: statuses, "select all", the report. */
export function useBulkSelection(items: PackageView[], filter: { q: string; status: string }): BulkSelection {
  const selection = usePackageSelection();
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const [selectingAll, setSelectingAll] = useState(false);
  const filterKey = `${filter.q.trim()}\n${filter.status}`;
  // The codes "select all" found, and for which search and filter: still all selected, they say so.
  const [matching, setMatching] = useState<{ key: string; codes: string[] } | null>(null);
  const statuses = useRef(new Map<string, string>());
  for (const item of items) statuses.current.set(item.trackingCode, item.status);

  async function selectAllMatching() {
    if (selectingAll) return;
    setSelectingAll(true);
    try {
      const found = await listMatchingCodes(filter);
      for (const [code, status] of found) statuses.current.set(code, status);
      // Added to the selection: what was chosen under other searches stays chosen.
      selection.setMany([...found.keys()], true);
      setMatching({ key: filterKey, codes: [...found.keys()] });
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
    allMatchingSelected:
      matching?.key === filterKey &&
      matching.codes.length > 0 &&
      matching.codes.every((code) => selection.codes.has(code))
        ? matching.codes.length
        : null,
    finished,
  };
}
