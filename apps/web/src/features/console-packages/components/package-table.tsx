import { Checkbox, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import type { PackageSort, PackageView, SortOrder } from '@waybill/domain';
import { formatDateTime } from '../../../lib/format-date.ts';
import { AttentionReasons } from './attention-reasons.tsx';
import classes from './package-table.module.css';
import { StatusBadge } from './status-badge.tsx';

interface PackageTableProps {
  items: PackageView[];
  selected: ReadonlySet<string>;
  onSelect: (codes: string[], selected: boolean) => void;
  sort: PackageSort;
  order: SortOrder;
  onSort: (sort: PackageSort, order: SortOrder) => void;
  onOpen: (pkg: PackageView) => void;
}

const SORT_LABELS: Record<PackageSort, string> = { created: 'Created', updated: 'Last update' };

/** A column header that sorts by its time: newest first on the first click, then the other way. */
function SortHeader({
  column,
  sort,
  order,
  onSort,
}: { column: PackageSort } & Pick<PackageTableProps, 'sort' | 'order' | 'onSort'>) {
  const active = sort === column;
  const Icon = active ? (order === 'desc' ? IconArrowDown : IconArrowUp) : IconArrowsSort;
  const label = SORT_LABELS[column];
  return (
    <Table.Th aria-sort={active ? (order === 'desc' ? 'descending' : 'ascending') : undefined}>
      <UnstyledButton
        className={classes.sortButton}
        onClick={() => onSort(column, active && order === 'desc' ? 'asc' : 'desc')}
      >
        {label}
        <Icon size={14} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}

/** The packages of one page as dense rows, with a checkbox each and the page's checkbox in the header. */
export function PackageTable({ items, selected, onSelect, sort, order, onSort, onOpen }: PackageTableProps) {
  const codes = items.map((item) => item.trackingCode);
  const chosen = codes.filter((code) => selected.has(code)).length;
  return (
    <Table.ScrollContainer minWidth={860} className={classes.scroll}>
      <Table striped highlightOnHover verticalSpacing={6} horizontalSpacing="sm" fz="sm" className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>
              <Checkbox
                aria-label="Select all packages on this page"
                checked={chosen > 0 && chosen === codes.length}
                indeterminate={chosen > 0 && chosen < codes.length}
                onChange={(event) => onSelect(codes, event.currentTarget.checked)}
              />
            </Table.Th>
            <Table.Th>Tracking code</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Shipper</Table.Th>
            <Table.Th>Receiver</Table.Th>
            <Table.Th>Destination</Table.Th>
            <SortHeader column="created" sort={sort} order={order} onSort={onSort} />
            <SortHeader column="updated" sort={sort} order={order} onSort={onSort} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((pkg) => {
            const code = pkg.trackingCode;
            const isSelected = selected.has(code);
            return (
              <Table.Tr key={pkg._id} data-selected={isSelected || undefined}>
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${code}`}
                    checked={isSelected}
                    onChange={(event) => onSelect([code], event.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>
                  <UnstyledButton className={classes.code} onClick={() => onOpen(pkg)}>
                    {code}
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>
                  <div className={classes.status}>
                    <StatusBadge status={pkg.status} />
                  </div>
                  <AttentionReasons reasons={pkg.attention} />
                </Table.Td>
                <Table.Td className={classes.text}>{pkg.name}</Table.Td>
                <Table.Td className={classes.text}>{pkg.receiverName}</Table.Td>
                <Table.Td className={classes.text}>{pkg.destination}</Table.Td>
                <Table.Td className={classes.time}>
                  <Text component="time" dateTime={pkg.createdAt} size="sm">
                    {formatDateTime(pkg.createdAt)}
                  </Text>
                </Table.Td>
                <Table.Td className={classes.time}>
                  <Text component="time" dateTime={pkg.updatedAt} size="sm">
                    {formatDateTime(pkg.updatedAt)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
