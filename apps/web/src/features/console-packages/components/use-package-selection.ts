import { useCallback, useState } from 'react';

export interface PackageSelection {
  /** The selected tracking codes, across pages. */
  codes: ReadonlySet<string>;
  /** True once a change of search or filter emptied a selection, until the next selection. */
  clearedByFilter: boolean;
  toggle: (code: string, selected: boolean) => void;
  setMany: (codes: readonly string[], selected: boolean) => void;
  replace: (codes: readonly string[]) => void;
  clear: () => void;
}

/**
 * The operator's selection of packages. It survives paging and sorting; a new search or status filter
 * empties it, since it could otherwise hold packages the list no longer shows.
 */
export function usePackageSelection(filterKey: string): PackageSelection {
  const [codes, setCodes] = useState<ReadonlySet<string>>(() => new Set());
  const [clearedByFilter, setClearedByFilter] = useState(false);
  const [seenKey, setSeenKey] = useState(filterKey);
  // Adjusted while rendering (not in an effect), so no frame shows the old selection with the new list.
  if (seenKey !== filterKey) {
    setSeenKey(filterKey);
    if (codes.size > 0) {
      setCodes(new Set());
      setClearedByFilter(true);
    }
  }

  const setMany = useCallback((changed: readonly string[], selected: boolean) => {
    setClearedByFilter(false);
    setCodes((current) => {
      const next = new Set(current);
      for (const code of changed) {
        if (selected) next.add(code);
        else next.delete(code);
      }
      return next;
    });
  }, []);
  const toggle = useCallback((code: string, selected: boolean) => setMany([code], selected), [setMany]);
  const replace = useCallback((next: readonly string[]) => {
    setClearedByFilter(false);
    setCodes(new Set(next));
  }, []);
  const clear = useCallback(() => setCodes(new Set()), []);

  return { codes, clearedByFilter, toggle, setMany, replace, clear };
}
