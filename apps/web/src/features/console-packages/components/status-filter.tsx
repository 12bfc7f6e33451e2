import { Select } from '@mantine/core';
import { PACKAGE_STATUSES, type PackageStats } from '@waybill/domain';

/** The filter's value for "every status" (the list query then sends no status). */
export const ALL_STATUSES = 'all';

/**
 * "All (N)", then every listed status with its count (zero included, so the list never jumps), then any
 * custom status text that packages carry, most used first.
 */
export function buildStatusFilterOptions(stats: PackageStats | undefined): { value: string; label: string }[] {
  const counts = stats?.byStatus ?? {};
  const count = (status: string) => (stats ? ` (${counts[status] ?? 0})` : '');
  const listed: readonly string[] = PACKAGE_STATUSES;
  const custom = Object.entries(counts)
    .filter(([status, n]) => !listed.includes(status) && n > 0)
    .sort(([a, n], [b, m]) => m - n || a.localeCompare(b))
    .map(([status]) => status);
  return [
    { value: ALL_STATUSES, label: `All${stats ? ` (${stats.total})` : ''}` },
    ...listed.map((status) => ({ value: status, label: `${status}${count(status)}` })),
    ...custom.map((status) => ({ value: status, label: `${status}${count(status)}` })),
  ];
}

interface StatusFilterProps {
  /** The chosen status, or "" for all. */
  value: string;
  onChange: (status: string) => void;
  stats: PackageStats | undefined;
}

/** Narrows the dashboard to one status; each entry shows how many packages have it. */
export function StatusFilter({ value, onChange, stats }: StatusFilterProps) {
  return (
    <Select
      label="Filter by status"
      data={buildStatusFilterOptions(stats)}
      value={value || ALL_STATUSES}
      onChange={(next) => onChange(!next || next === ALL_STATUSES ? '' : next)}
      allowDeselect={false}
      maxDropdownHeight={360}
      comboboxProps={{ width: 'target', middlewares: { flip: true, shift: true } }}
    />
  );
}
