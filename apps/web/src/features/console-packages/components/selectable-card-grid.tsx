import { Checkbox, SimpleGrid, Stack, VisuallyHidden } from '@mantine/core';
import type { PackageView } from '@waybill/domain';
import type { ReactNode } from 'react';
import { BulkPanel } from './bulk-panel.tsx';
import { PackageCard } from './package-card.tsx';
import { useBulkSelection } from './use-bulk-selection.ts';

interface SelectableCardGridProps {
  items: PackageView[];
  total: number;
  /** The total is a cap the count stopped at (a search). */
  totalCapped?: boolean;
  filter: { q: string; status: string };
  onOpen: (pkg: PackageView) => void;
  empty?: ReactNode;
}

/** The card grid in selection mode: the same cards, each with a checkbox above it, and the bulk actions. */
export function SelectableCardGrid({
  items,
  total,
  totalCapped = false,
  filter,
  onOpen,
  empty,
}: SelectableCardGridProps) {
  const bulk = useBulkSelection(items, filter);
  const pageCodes = items.map((item) => item.trackingCode);
  const chosen = pageCodes.filter((code) => bulk.selection.codes.has(code)).length;
  return (
    <Stack gap="sm">
      <BulkPanel bulk={bulk} pageCodes={pageCodes} total={total} totalCapped={totalCapped} />
      {items.length === 0 ? (
        empty
      ) : (
        <>
          <Checkbox
            label="Select all packages on this page"
            checked={chosen > 0 && chosen === pageCodes.length}
            indeterminate={chosen > 0 && chosen < pageCodes.length}
            onChange={(event) => bulk.selection.setMany(pageCodes, event.currentTarget.checked)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {items.map((pkg) => (
              <Stack key={pkg._id} gap={6}>
                <Checkbox
                  // The card under it names the package: the label is for assistive technology only.
                  label={<VisuallyHidden>Select {pkg.trackingCode}</VisuallyHidden>}
                  checked={bulk.selection.codes.has(pkg.trackingCode)}
                  onChange={(event) => bulk.selection.toggle(pkg.trackingCode, event.currentTarget.checked)}
                />
                <PackageCard pkg={pkg} onOpen={onOpen} />
              </Stack>
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
