import { Alert, Anchor, Text } from '@mantine/core';
import { countOf } from '@waybill/domain';
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
}

/** Above a list with a selection: "Select all N matching", the bulk bar and the last report. */
export function BulkPanel({ bulk, pageCodes, total, totalCapped = false }: BulkPanelProps) {
  const { selection } = bulk;
  const selected = selection.codes;
  const wholePage = pageCodes.length > 0 && pageCodes.every((code) => selected.has(code));
  const allMatching = bulk.allMatchingSelected;
  return (
    <>
      {wholePage && total > pageCodes.length ? (
        <Alert color="blue" variant="light" p="xs">
          {allMatching !== null ? (
            <Text size="sm">All {countOf(allMatching, 'matching package', 'matching packages')} are selected.</Text>
          ) : (
            <Text size="sm">
              {countOf(selected.size, 'package', 'packages')} selected.{' '}
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
        <BulkBar codes={[...selected]} statusOf={bulk.statusOf} onDone={bulk.finished} onClear={selection.clear} />
      ) : null}
      {bulk.outcome ? <BulkReport outcome={bulk.outcome} onClose={bulk.dismissOutcome} /> : null}
    </>
  );
}
