import { PACKAGE_SORTS, type PackageSort, SORT_ORDERS, type SortOrder } from '@waybill/domain';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { ConsolePage } from '../../../components/console-shell/console-page.tsx';
import { useIsAdmin } from '../../../features/console-auth/api/get-session.ts';
import {
  type DashboardFilter,
  PackageDashboard,
} from '../../../features/console-packages/components/package-dashboard.tsx';

export const handle = { title: 'Package Management Dashboard | Waybill Console' };

const isSort = (value: string | null): value is PackageSort => PACKAGE_SORTS.some((sort) => sort === value);
const isOrder = (value: string | null): value is SortOrder => SORT_ORDERS.some((order) => order === value);

/** `?page=` (from 1), `?q=`, `?status=`, `?attention=1`, `?sort=` and `?order=` of the address, so a list can be shared or reloaded. */
function readFilter(params: URLSearchParams): DashboardFilter {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const sort = params.get('sort');
  const order = params.get('order');
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    q: params.get('q')?.trim() ?? '',
    status: params.get('status') ?? '',
    attention: params.get('attention') === '1',
    sort: isSort(sort) ? sort : 'created',
    order: isOrder(order) ? order : 'desc',
  };
}

/** The console's index: every package as a card, with the actions of SPEC §2. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const isAdmin = useIsAdmin();
  const filter = readFilter(params);

  const changeFilter = useCallback(
    (next: Partial<DashboardFilter>) => {
      setParams(
        (current) => {
          const merged = { ...readFilter(current), ...next };
          const written = new URLSearchParams();
          if (merged.q) written.set('q', merged.q);
          if (merged.status) written.set('status', merged.status);
          if (merged.attention) written.set('attention', '1');
          if (merged.sort !== 'created') written.set('sort', merged.sort);
          if (merged.order !== 'desc') written.set('order', merged.order);
          if (merged.page > 1) written.set('page', String(merged.page));
          return written;
        },
        // Typing a search replaces the entry; turning a page or choosing a status is a step back can undo.
        { replace: next.q !== undefined && next.status === undefined && next.page === 1 },
      );
    },
    [setParams],
  );

  return (
    <ConsolePage>
      <PackageDashboard filter={filter} onFilterChange={changeFilter} canEditAttentionRules={isAdmin} />
    </ConsolePage>
  );
}
