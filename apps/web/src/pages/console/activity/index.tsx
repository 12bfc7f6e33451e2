import { Alert, Center, Group, Loader, Pagination, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { AUDIT_SHOWS, type AuditShow } from '@waybill/domain';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { ConsolePage } from '../../../components/console-shell/console-page.tsx';
import { ACTIVITY_PAGE_SIZE, type AuditFilter, useAuditPage } from '../../../features/console-audit/api/list-audit.ts';
import {
  type ActivityFilterFields,
  ActivityFilters,
} from '../../../features/console-audit/components/activity-filters.tsx';
import { ActivityTable } from '../../../features/console-audit/components/activity-table.tsx';
import { AdminOnly } from '../../../features/console-auth/components/admin-only.tsx';

export const handle = { title: 'Activity | Waybill Console' };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const FIELDS = ['actor', 'action', 'target', 'from', 'to'] as const;
/** What the page shows when the address does not say: the changes, without the many sign-ins. */
const DEFAULT_SHOW: AuditShow = 'changes';
const SHOW_OPTIONS: { value: AuditShow; label: string }[] = [
  { value: 'changes', label: 'Changes' },
  { value: 'sign-ins', label: 'Sign-ins' },
  { value: 'all', label: 'All' },
];

const isShow = (value: string | null): value is AuditShow =>
  (AUDIT_SHOWS as readonly (string | null)[]).includes(value);

/**
 * `?show=&actor=&action=&target=&from=&to=&page=` of the address, so a view of the log can be shared or
 * reloaded; `show` is absent for the changes.
 */
function readFilter(params: URLSearchParams): AuditFilter {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const date = (name: string) => {
    const value = params.get(name) ?? '';
    return DATE.test(value) ? value : '';
  };
  const show = params.get('show');
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    show: isShow(show) ? show : DEFAULT_SHOW,
    actor: params.get('actor')?.trim().slice(0, 254) ?? '',
    action: params.get('action')?.slice(0, 100) ?? '',
    target: params.get('target')?.trim().slice(0, 254) ?? '',
    from: date('from'),
    to: date('to'),
  };
}

function ActivityScreen() {
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const list = useAuditPage(filter);

  const changeFilter = useCallback(
    (next: Partial<AuditFilter>) => {
      setParams((current) => {
        const merged = { ...readFilter(current), ...next };
        const written = new URLSearchParams();
        if (merged.show !== DEFAULT_SHOW) written.set('show', merged.show);
        for (const name of FIELDS) if (merged[name]) written.set(name, merged[name]);
        if (merged.page > 1) written.set('page', String(merged.page));
        return written;
      });
    },
    [setParams],
  );

  const { page: _page, show, ...fields } = filter;
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE));
  const items = list.data?.items ?? [];
  const first = ((list.data?.page ?? filter.page) - 1) * ACTIVITY_PAGE_SIZE + 1;
  const filtered = FIELDS.some((name) => filter[name] !== '');

  return (
    <ConsolePage>
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            Activity
          </Title>
          <Text mt={4}>Every change made on the site and in the console: who, what and when. Newest first.</Text>
        </div>
        <Group gap="sm" align="center">
          <Text size="sm" fw={500} id="activity-show">
            Show
          </Text>
          <SegmentedControl
            aria-labelledby="activity-show"
            data={SHOW_OPTIONS}
            value={show}
            onChange={(next) => changeFilter({ show: next as AuditShow, page: 1 })}
          />
        </Group>
        <ActivityFilters
          value={fields as ActivityFilterFields}
          onApply={(next) => changeFilter({ ...next, page: 1 })}
        />
        <Group justify="space-between" gap="xs" mih={24}>
          <Text size="sm" c="dimmed" aria-live="polite">
            {list.data && total > 0 ? `Showing ${first}–${first + items.length - 1} of ${total} entries` : ''}
          </Text>
          {list.isFetching && list.data ? <Loader size="xs" aria-label="Refreshing activity" /> : null}
        </Group>
        {list.isPending ? (
          <Center py="xl">
            <Loader aria-label="Loading activity" />
          </Center>
        ) : list.isError && !list.data ? (
          <Alert color="red" variant="light" title="Could not load the activity">
            {list.error.message}
          </Alert>
        ) : items.length === 0 ? (
          <Text ta="center" c="dimmed" py="xl">
            {filtered || show !== 'all' ? 'No entries match these filters.' : 'Nothing recorded yet.'}
          </Text>
        ) : (
          <ActivityTable entries={items} />
        )}
        {pages > 1 ? (
          <Group justify="center">
            <Pagination
              total={pages}
              value={Math.min(filter.page, pages)}
              onChange={(page) => {
                changeFilter({ page });
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
      </Stack>
    </ConsolePage>
  );
}

/** ADMIN_PATH/activity: the audit log with its filters (admins only). */
export function Component() {
  return (
    <AdminOnly what="The activity log">
      <ActivityScreen />
    </AdminOnly>
  );
}
