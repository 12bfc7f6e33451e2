import { Button, Group, Menu, Paper, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import {
  BULK_MAX_CODES,
  type BulkActionRequest,
  canHaveLabel,
  canRecordDelivery,
  countOf,
  EXPORT_TOO_MANY_CODES,
  type LabelSize,
} from '@waybill/domain';
import { useState } from 'react';
import { notifyError, notifySuccess, notifyWarning } from '../../../lib/notify.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { type RunTarget, useAssignToRun } from '../api/assign-to-run.ts';
import { useBulkAction } from '../api/bulk-action.ts';
import { selectedPackagesCsvUrl } from '../api/export-packages-csv.ts';
import { usePrintLabels } from '../api/print-labels.ts';
import { notifyPackageError } from '../notify-package-error.ts';
import { AssignRunDialog } from './assign-run-dialog.tsx';
import { BulkDeleteDialog, BulkLocationDialog, BulkStatusDialog } from './bulk-dialogs.tsx';
import type { BulkOutcome } from './bulk-report.tsx';
import { outcomeLine } from './bulk-report.tsx';
import { dangerOutlineStyle } from './danger-outline.ts';
import { ProofOfDeliveryDialog } from './proof-of-delivery-dialog.tsx';

type Dialog = 'status' | 'location' | 'delete' | 'proof' | 'run' | null;

interface BulkBarProps {
  codes: string[];
  /** The last status seen for each code, to leave out of a label print what cannot have one. */
  statusOf: (code: string) => string | undefined;
  onDone: (outcome: BulkOutcome) => void;
  onClear: () => void;
}

const ACTION_NAMES: Record<BulkActionRequest['action'], string> = {
  accept: 'Accept',
  reject: 'Reject',
  status: 'Set status',
  location: 'Add location update',
  delete: 'Delete',
};

/** "N packages selected" and what can be done to all of them at once; each result is reported, failures kept. */
export function BulkBar({ codes, statusOf, onDone, onClear }: BulkBarProps) {
  const bulk = useBulkAction();
  const labels = usePrintLabels();
  const assign = useAssignToRun();
  const [dialog, setDialog] = useState<Dialog>(null);
  const count = codes.length;
  const busy = bulk.isPending || labels.isPending || assign.isPending;

  function run(request: Omit<BulkActionRequest, 'trackingCodes'>) {
    bulk.mutate(
      { ...request, trackingCodes: codes },
      {
        onSuccess: (results) => {
          setDialog(null);
          const line = outcomeLine(results);
          const failed = results.some((result) => !result.ok);
          (failed ? notifyWarning : notifySuccess)({ title: ACTION_NAMES[request.action], message: line });
          onDone({ action: ACTION_NAMES[request.action], results });
        },
        onError: (error) => notifyPackageError(`${ACTION_NAMES[request.action]} failed`, error),
      },
    );
  }

  function assignToRun(date: string, target: RunTarget) {
    assign.mutate(
      { date, target, trackingCodes: codes },
      {
        onSuccess: (results) => {
          setDialog(null);
          const failed = results.some((result) => !result.ok);
          (failed ? notifyWarning : notifySuccess)({ title: 'Assign to run', message: outcomeLine(results) });
          onDone({ action: 'Assign to run', results });
        },
        onError: (error) => notifyPackageError('Assign to run failed', error),
      },
    );
  }

  function print(size: LabelSize) {
    // A status not seen yet is sent: the server has the last word and refuses what cannot have a label.
    const printable = codes.filter((code) => {
      const status = statusOf(code);
      return status === undefined || canHaveLabel(status);
    });
    const skipped = count - printable.length;
    if (printable.length === 0) {
      notifyError({ title: 'No labels to print', message: 'Pending and Rejected packages have no label.' });
      return;
    }
    labels.mutate(
      { trackingCodes: printable, size },
      {
        onSuccess: (pdf) => {
          saveFile(pdf, `waybill-labels-${printable.length}-${size}.pdf`);
          notifySuccess({
            title: 'Labels ready',
            message: `${countOf(printable.length, 'label', 'labels')}${skipped > 0 ? `; ${skipped} Pending or Rejected left out` : ''}`,
          });
        },
        onError: (error) => notifyPackageError('Error printing labels', error),
      },
    );
  }

  return (
    <Paper withBorder p="xs" radius="md" role="region" aria-label="Bulk actions">
      <Group gap="xs" justify="space-between">
        <Group gap="xs">
          <Text fw={700} size="sm" aria-live="polite">
            {countOf(count, 'package', 'packages')} selected
          </Text>
          <Button size="compact-sm" variant="subtle" onClick={onClear} disabled={busy}>
            Clear selection
          </Button>
        </Group>
        <Group gap={6}>
          <Button
            size="compact-sm"
            onClick={() => run({ action: 'accept' })}
            loading={bulk.variables?.action === 'accept' && bulk.isPending}
            disabled={busy}
          >
            Accept
          </Button>
          <Button
            size="compact-sm"
            variant="outline"
            style={dangerOutlineStyle}
            onClick={() => run({ action: 'reject' })}
            loading={bulk.variables?.action === 'reject' && bulk.isPending}
            disabled={busy}
          >
            Reject
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => setDialog('status')} disabled={busy}>
            Set status
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => setDialog('location')} disabled={busy}>
            Add location
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => setDialog('run')} disabled={busy}>
            Assign to run
          </Button>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button
                size="compact-sm"
                variant="default"
                rightSection={<IconChevronDown size={14} aria-hidden />}
                loading={labels.isPending}
                disabled={busy}
              >
                Print labels
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => print('4x6')}>4×6 in thermal labels</Menu.Item>
              <Menu.Item onClick={() => print('a4')}>A4 sheets, four a page</Menu.Item>
            </Menu.Dropdown>
          </Menu>
          {count > BULK_MAX_CODES ? (
            <Button size="compact-sm" variant="default" disabled title={EXPORT_TOO_MANY_CODES}>
              Export CSV
            </Button>
          ) : (
            <Button component="a" href={selectedPackagesCsvUrl(codes)} download size="compact-sm" variant="default">
              Export CSV
            </Button>
          )}
          <Button
            size="compact-sm"
            variant="outline"
            style={dangerOutlineStyle}
            onClick={() => setDialog('delete')}
            disabled={busy}
          >
            Delete
          </Button>
        </Group>
      </Group>
      {count > BULK_MAX_CODES ? (
        <Text size="xs" c="dimmed" mt={4}>
          {EXPORT_TOO_MANY_CODES}.
        </Text>
      ) : null}
      <BulkStatusDialog
        opened={dialog === 'status'}
        count={count}
        busy={bulk.isPending}
        onClose={() => setDialog(null)}
        onSubmit={(status) => {
          // A proof records one hand-over: offered when one package is chosen, never for several.
          const only = count === 1 ? codes[0] : undefined;
          if (status === 'Delivered' && only && canRecordDelivery(statusOf(only) ?? '')) setDialog('proof');
          else run({ action: 'status', status });
        }}
      />
      <ProofOfDeliveryDialog
        trackingCode={dialog === 'proof' ? (codes[0] ?? null) : null}
        onClose={() => setDialog(null)}
        onWithoutProof={() => run({ action: 'status', status: 'Delivered' })}
      />
      <BulkLocationDialog
        opened={dialog === 'location'}
        count={count}
        busy={bulk.isPending}
        onClose={() => setDialog(null)}
        onSubmit={(location) => run({ action: 'location', location })}
      />
      <AssignRunDialog
        opened={dialog === 'run'}
        count={count}
        busy={assign.isPending}
        onClose={() => setDialog(null)}
        onSubmit={assignToRun}
      />
      <BulkDeleteDialog
        opened={dialog === 'delete'}
        count={count}
        busy={bulk.isPending}
        onClose={() => setDialog(null)}
        onSubmit={() => run({ action: 'delete' })}
      />
    </Paper>
  );
}
