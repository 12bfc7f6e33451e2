import {
  Center,
  Group,
  Loader,
  Pagination,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import type { PackageSort, PackageView, SortOrder } from '@waybill/domain';
import { useEffect, useState } from 'react';
import { usePackageStats } from '../api/get-package-stats.ts';
import { useAttentionCount, usePackagePage } from '../api/list-packages.ts';
import { notifyPackageError } from '../notify-package-error.ts';
import { AttentionRulesPanel } from './attention-rules.tsx';
import { pagerPages, showingText } from './list-summary.ts';
import { PackageCard } from './package-card.tsx';
import { PackageDetailsDialog } from './package-details-dialog.tsx';
import { PackageSearch } from './package-search.tsx';
import { PackageTableView } from './package-table-view.tsx';
import { SelectableCardGrid } from './selectable-card-grid.tsx';
import { StatusFilter } from './status-filter.tsx';

/** From md (62em) up the table is offered; below it the console's screens take their phone layouts (SPEC §2). */
export const TABLE_VIEW_QUERY = '(min-width: 62em)';

/** 24 cards fill whole rows of 1, 2 or 3 columns (and is the server's default page size). */
export const DASHBOARD_PAGE_SIZE = 24;

/**
 * What the address holds: the page (from 1), the search text, the status ("" for all), whether only
 * the packages that need attention are listed, and the order.
 */
export interface DashboardFilter {
  page: number;
  q: string;
  status: string;
  attention: boolean;
  sort: PackageSort;
  order: SortOrder;
}

/** Where the browser remembers the operator's choice of cards or table. */
export const DASHBOARD_VIEW_KEY = 'waybill-console-packages-view';
type DashboardView = 'cards' | 'table';

const ORDER_TEXT: Record<`${PackageSort}-${SortOrder}`, string> = {
  'created-desc': 'newest first',
  'created-asc': 'oldest first',
  'updated-desc': 'last updated first',
  'updated-asc': 'least recently updated first',
};

interface PackageDashboardProps {
  filter: DashboardFilter;
  onFilterChange: (next: Partial<DashboardFilter>) => void;
  /** Admins change the hours of the "Needs attention" rules; operators read them. */
  canEditAttentionRules?: boolean;
}

/** SPEC §2 Package Management Dashboard plus search, status filter with counts and paging. */
export function PackageDashboard({ filter, onFilterChange, canEditAttentionRules = false }: PackageDashboardProps) {
  const defaultOrder = filter.sort === 'created' && filter.order === 'desc';
  const list = usePackagePage({
    page: filter.page,
    q: filter.q,
    status: filter.status,
    ...(filter.attention ? { attention: true } : {}),
    pageSize: DASHBOARD_PAGE_SIZE,
    ...(defaultOrder ? {} : { sort: filter.sort, order: filter.order }),
  });
  const [chosenView, setView] = useLocalStorage<DashboardView>({
    key: DASHBOARD_VIEW_KEY,
    defaultValue: 'cards',
    getInitialValueInEffect: false,
  });
  // A phone gets the cards (with their select mode), whatever was chosen on a wider screen: the table's
  // columns do not fit 375 px and would scroll sideways. The choice is kept for the next wide screen.
  const wide = useMediaQuery(TABLE_VIEW_QUERY, false, { getInitialValueInEffect: false });
  const view: DashboardView = wide ? chosenView : 'cards';
  const stats = usePackageStats();
  const attentionCount = useAttentionCount();
  const [opened, setOpened] = useState<PackageView | null>(null);
  // Cards take checkboxes only when asked: without it the grid is exactly SPEC §2's.
  const [selectingCards, setSelectingCards] = useState(false);

  useEffect(() => {
    if (list.error) notifyPackageError('Error fetching packages', new Error('Could not retrieve orders'));
  }, [list.error]);

  const total = list.data?.total ?? 0;
  const pages = pagerPages(list.data, DASHBOARD_PAGE_SIZE);
  // A delete can empty the last page: step back to the last page that still has cards.
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && filter.page > pages) onFilterChange({ page: pages });
  }, [list.data, list.isPlaceholderData, filter.page, pages, onFilterChange]);

  const items = list.data?.items ?? [];
  const filtered = filter.q !== '' || filter.status !== '' || filter.attention;
  // The dialog follows the list's fresh copy of its package (status changes made from the card).
  const openedFresh = opened ? (items.find((item) => item._id === opened._id) ?? opened) : null;

  const emptyText = (
    <Text ta="center" c="dimmed" py="xl">
      {list.isError
        ? 'Could not retrieve orders.'
        : filtered
          ? 'No packages match your search or filter.'
          : 'No packages yet. Packages customers submit appear here.'}
    </Text>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          Package Management Dashboard
        </Title>
        <Group gap="md">
          {view === 'cards' ? (
            <Switch
              label="Select packages"
              checked={selectingCards}
              onChange={(event) => setSelectingCards(event.currentTarget.checked)}
            />
          ) : null}
          {wide ? (
            <SegmentedControl
              aria-label="View"
              value={view}
              onChange={(next) => setView(next === 'table' ? 'table' : 'cards')}
              data={[
                { value: 'cards', label: 'Cards' },
                { value: 'table', label: 'Table' },
              ]}
            />
          ) : null}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" maw={760}>
        <PackageSearch value={filter.q} onSearch={(q) => onFilterChange({ q, page: 1 })} />
        <StatusFilter
          value={filter.status}
          stats={stats.data}
          onChange={(status) => onFilterChange({ status, page: 1 })}
        />
      </SimpleGrid>
      <Switch
        label={`Needs attention${
          attentionCount.data
            ? ` (${attentionCount.data.total.toLocaleString('en-US')}${attentionCount.data.totalCapped ? '+' : ''})`
            : ''
        }`}
        description="Pending too long, no update too long, or past the estimated delivery"
        checked={filter.attention}
        onChange={(event) => onFilterChange({ attention: event.currentTarget.checked, page: 1 })}
      />
      {filter.attention ? <AttentionRulesPanel canEdit={canEditAttentionRules} /> : null}

      <Group justify="space-between" gap="xs" mih={24}>
        <Text size="sm" c="dimmed" aria-live="polite">
          {/* From the page the cards on screen belong to (the previous one stays up while the next loads). */}
          {showingText(list.data, items.length, DASHBOARD_PAGE_SIZE, ORDER_TEXT[`${filter.sort}-${filter.order}`])}
        </Text>
        {list.isFetching && list.data ? <Loader size="xs" aria-label="Refreshing packages" /> : null}
      </Group>

      {list.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading packages" />
        </Center>
      ) : view === 'table' ? (
        // Mounted even when the list is empty: the report of a bulk delete that emptied it stays up.
        <PackageTableView
          items={items}
          total={total}
          totalCapped={list.data?.totalCapped ?? false}
          filter={filter}
          onSort={(sort, order) => onFilterChange({ sort, order, page: 1 })}
          onOpen={setOpened}
          empty={emptyText}
        />
      ) : selectingCards ? (
        <SelectableCardGrid
          items={items}
          total={total}
          totalCapped={list.data?.totalCapped ?? false}
          filter={filter}
          onOpen={setOpened}
          empty={emptyText}
        />
      ) : items.length === 0 ? (
        emptyText
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {items.map((pkg) => (
            <PackageCard key={pkg._id} pkg={pkg} onOpen={setOpened} />
          ))}
        </SimpleGrid>
      )}

      {pages > 1 ? (
        <Group justify="center">
          <Pagination
            total={pages}
            value={Math.min(filter.page, pages)}
            onChange={(page) => {
              onFilterChange({ page });
              window.scrollTo({ top: 0 });
            }}
            aria-label="Pages"
            getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
            getControlProps={(control) => ({
              'aria-label': control === 'next' ? 'Next page' : control === 'previous' ? 'Previous page' : control,
            })}
          />
        </Group>
      ) : null}

      <PackageDetailsDialog pkg={openedFresh} onClose={() => setOpened(null)} />
    </Stack>
  );
}
