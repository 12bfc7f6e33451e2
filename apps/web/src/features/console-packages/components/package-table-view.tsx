import { Stack } from '@mantine/core';
import type { PackageSort, PackageView, SortOrder } from '@waybill/domain';
import type { ReactNode } from 'react';
import { BulkPanel } from './bulk-panel.tsx';
import { PackageTable } from './package-table.tsx';
import { useBulkSelection } from './use-bulk-selection.ts';

interface PackageTableViewProps {
  items: PackageView[];
  total: number;
  /** The total is a cap the count stopped at (a search). */
  totalCapped?: boolean;
  filter: { q: string; status: string; sort: PackageSort; order: SortOrder };
  onSort: (sort: PackageSort, order: SortOrder) => void;
  onOpen: (pkg: PackageView) => void;
  /** Shown instead of the table when the page has no packages. */
  empty?: ReactNode;
}

/** The table with its selection across pages and the bulk actions on it. */
export function PackageTableView({
  items,
  total,
  totalCapped = false,
  filter,
  onSort,
  onOpen,
  empty,
}: PackageTableViewProps) {
  const bulk = useBulkSelection(items, filter);
  return (
    <Stack gap="sm">
      <BulkPanel
        bulk={bulk}
        pageCodes={items.map((item) => item.trackingCode)}
        total={total}
        totalCapped={totalCapped}
      />
      {items.length === 0 ? (
        empty
      ) : (
        <PackageTable
          items={items}
          selected={bulk.selection.codes}
          onSelect={bulk.selection.setMany}
          sort={filter.sort}
          order={filter.order}
          onSort={onSort}
          onOpen={onOpen}
        />
      )}
    </Stack>
  );
}
