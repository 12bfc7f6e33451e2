import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type AccountShipmentSummary, PACKAGE_STATUSES } from '@waybill/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format-date.ts';
import type { ListPage } from '../../../lib/paging.ts';
import { statusSwatch } from '../../../lib/status-swatch.ts';
import { type ShipmentFilters, useShipments } from '../api/shipments.ts';
import { NO_MATCHES, NO_SHIPMENTS } from '../messages.ts';

const SEARCH_DEBOUNCE_MS = 300;
const STATUS_OPTIONS = [
  { value: '', label: 'Every status' },
  ...PACKAGE_STATUSES.map((status) => ({ value: status, label: status })),
];

/** How many pages the list has as far as its headers tell (a capped count knows only that one more follows). */
export function pageCount(list: Pick<ListPage<unknown>, 'total' | 'totalCapped' | 'page' | 'pageSize' | 'nextPage'>) {
  const counted = Math.max(1, Math.ceil(list.total / list.pageSize));
  return list.totalCapped ? Math.max(counted, list.nextPage ?? list.page) : Math.max(counted, list.nextPage ?? 1);
}

/** A line of the list: the code links to the shipment's page. */
function ShipmentRow({ shipment }: { shipment: AccountShipmentSummary }) {
  return (
    <Paper withBorder p="sm" radius="md" component="li">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Anchor component={Link} to={`/shipments/${shipment.trackingCode}`} ff="monospace" fw={700}>
          {shipment.trackingCode}
        </Anchor>
        <Badge variant="dot" tt="none" color={statusSwatch(shipment.status)} maw="100%">
          {shipment.status}
        </Badge>
      </Group>
      <Text size="sm" mt={4}>
        To {shipment.receiverName}, {shipment.destination}
      </Text>
      <Text size="sm" c="dimmed" lineClamp={1}>
        {shipment.description} · created {formatDateTime(shipment.createdAt)}
      </Text>
    </Paper>
  );
}

interface ShipmentListProps {
  filters: ShipmentFilters;
  onFiltersChange: (next: Partial<ShipmentFilters>) => void;
}

/** The account's shipments, newest first: a search, a status filter, pages, and an empty state. */
export function ShipmentList({ filters, onFiltersChange }: ShipmentListProps) {
  const [search, setSearch] = useState(filters.q);
  const applySearch = useDebouncedCallback((q: string) => onFiltersChange({ q, page: 1 }), SEARCH_DEBOUNCE_MS);
  const list = useShipments(filters);
  const filtered = filters.q.trim() !== '' || filters.status !== '';

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" grow preventGrowOverflow={false} wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Code, receiver or destination"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
          miw="12rem"
        />
        <NativeSelect
          label="Status"
          data={STATUS_OPTIONS}
          value={filters.status}
          onChange={(event) => onFiltersChange({ status: event.currentTarget.value, page: 1 })}
          miw="12rem"
        />
      </Group>

      {list.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading shipments">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} height={76} radius="md" />
          ))}
        </Stack>
      ) : list.isError ? (
        <Alert color="red" variant="light" title="The shipments could not be loaded" role="alert">
          <Text size="sm">{list.error.message}</Text>
          <Button variant="default" size="xs" mt="sm" onClick={() => list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : list.data.items.length === 0 ? (
        <Paper withBorder p="lg" radius="md" ta="center">
          <Text mb={filtered ? 0 : 'sm'}>{filtered ? NO_MATCHES : NO_SHIPMENTS}</Text>
          {filtered ? null : (
            <Button component={Link} to="/ship">
              Ship a package
            </Button>
          )}
        </Paper>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {list.data.totalCapped ? `${list.data.total}+` : list.data.total} shipment
            {list.data.total === 1 ? '' : 's'}
          </Text>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Shipments">
            {list.data.items.map((shipment) => (
              <ShipmentRow key={shipment.trackingCode} shipment={shipment} />
            ))}
          </Stack>
          {pageCount(list.data) > 1 ? (
            <Group justify="center">
              <Pagination
                total={pageCount(list.data)}
                value={filters.page}
                onChange={(page) => {
                  onFiltersChange({ page });
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
        </>
      )}
    </Stack>
  );
}
