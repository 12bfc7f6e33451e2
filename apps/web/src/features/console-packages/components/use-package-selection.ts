import { useCallback, useState } from 'react';

export interface PackageSelection {
  /** The selected tracking codes, across pages, searches and filters. */
  codes: ReadonlySet<string>;
  toggle: (code: string, selected: boolean) => void;
  setMany: (codes: readonly string[], selected: boolean) => void;
  replace: (codes: readonly string[]) => void;
  clear: () => void;
}

/**
 * The operator's selection of packages. It survives paging, sorting, a new search and a new status
 * filter, so a selection can be gathered from several searches; the bulk bar shows how many are
 * selected and clears it on request.
 */
export function usePackageSelection(): PackageSelection {
  const [codes, setCodes] = useState<ReadonlySet<string>>(() => new Set());

  const setMany = useCallback((changed: readonly string[], selected: boolean) => {
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
  const replace = useCallback((next: readonly string[]) => setCodes(new Set(next)), []);
  const clear = useCallback(() => setCodes(new Set()), []);

  return { codes, toggle, setMany, replace, clear };
}
