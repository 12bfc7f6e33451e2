import { Alert, Anchor, Text } from '@mantine/core';
import { BulkBar } from './bulk-bar.tsx';
import { BulkReport } from './bulk-report.tsx';
import type { BulkSelection } from './use-bulk-selection.ts';

interface BulkPanelProps {
  bulk: BulkSelection;
  /** The codes of the page on screen. */
  pageCodes: string[];
  total: number;
  /** The total is a cap the count stopped at (a search): there are more than `total`. */
  totalCapped?: boolean;
  filter: { q: string; status: string };
}

/** Above a list with a selection: why it was cleared, "Select all N matching", the bulk bar and the last report. */
export function BulkPanel({ bulk, pageCodes, total, totalCapped = false, filter }: BulkPanelProps) {
  const { selection } = bulk;
  const selected = selection.codes;
  const wholePage = pageCodes.length > 0 && pageCodes.every((code) => selected.has(code));
  const allMatching = (totalCapped ? selected.size > total : selected.size >= total) && total > 0;
  return (
    <>
      {selection.clearedByFilter ? (
        <Text size="sm" c="dimmed" role="status">
          Selection cleared: the search or status filter changed.
        </Text>
      ) : null}
      {wholePage && total > pageCodes.length ? (
        <Alert color="blue" variant="light" p="xs">
          {allMatching ? (
            <Text size="sm">All {selected.size} matching packages are selected.</Text>
          ) : (
            <Text size="sm">
              {selected.size} selected.{' '}
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={bulk.selectAllMatching}
                disabled={bulk.selectingAll}
              >
                {bulk.selectingAll
                  ? 'Selecting…'
                  : `Select all ${totalCapped ? `${total.toLocaleString('en-US')}+` : total} matching`}
              </Anchor>
            </Text>
          )}
        </Alert>
      ) : null}
      {selected.size > 0 ? (
        <BulkBar
          codes={[...selected]}
          statusOf={bulk.statusOf}
          filter={filter}
          onDone={bulk.finished}
          onClear={selection.clear}
        />
      ) : null}
      {bulk.outcome ? <BulkReport outcome={bulk.outcome} onClose={bulk.dismissOutcome} /> : null}
    </>
  );
}
