import { Alert, Button, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import {
  type BulkResult,
  CUSTOM_STATUS_OPTION,
  CUSTOM_STATUS_REQUIRED,
  canRecordDelivery,
  countOf,
  PACKAGE_STATUSES,
  STATUS_MAX_LENGTH,
} from '@waybill/domain';
import { useState } from 'react';
import { notifyWarning } from '../../../lib/notify.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useBulkAction } from '../api/bulk-action.ts';
import { ProofOfDeliveryDialog } from '../components/proof-of-delivery-dialog.tsx';
import { notifyPackageError } from '../notify-package-error.ts';
import { AlertTitle } from './alert-title.tsx';
import { mergeResults, type ScanRow, sendableCodes } from './scan-list.ts';
import classes from './scan-view.module.css';

const KEEP_STATUS = 'Keep current status';
const STATUS_OPTIONS = [KEEP_STATUS, ...PACKAGE_STATUSES, CUSTOM_STATUS_OPTION];
/** As the single location form's input (the API's limit). */
const LOCATION_MAX_LENGTH = 300;

interface Summary {
  done: number;
  failed: BulkResult[];
}

/** The action for the whole list: a new status, a location update or both, applied in one tap. */
export function ApplyPanel({ rows, onApplied }: { rows: ScanRow[]; onApplied: (results: BulkResult[]) => void }) {
  const [statusChoice, setStatusChoice] = useState(KEEP_STATUS);
  const [customStatus, setCustomStatus] = useState('');
  const [location, setLocation] = useState('');
  const [summary, setSummary] = useState<Summary | null>(null);
  const bulk = useBulkAction();
  const codes = sendableCodes(rows);
  const [proofFor, setProofFor] = useState<string | null>(null);

  /** After a proof set the one package Delivered: the location too, if typed, then the summary. */
  const finishProof = async (trackingCode: string) => {
    const rounds: BulkResult[][] = [[{ trackingCode, ok: true, status: 'Delivered' }]];
    const place = location.trim();
    try {
      if (place)
        rounds.push(await bulk.mutateAsync({ action: 'location', trackingCodes: [trackingCode], location: place }));
    } catch (error) {
      notifyPackageError('Error applying to the list', error);
    }
    const results = mergeResults(rounds);
    onApplied(results);
    setSummary({ done: results.filter((result) => result.ok).length, failed: results.filter((result) => !result.ok) });
  };

  const applyWithoutProof = async (trackingCode: string) => {
    const rounds: BulkResult[][] = [];
    const place = location.trim();
    try {
      rounds.push(await bulk.mutateAsync({ action: 'status', trackingCodes: [trackingCode], status: 'Delivered' }));
      if (place)
        rounds.push(await bulk.mutateAsync({ action: 'location', trackingCodes: [trackingCode], location: place }));
    } catch (error) {
      notifyPackageError('Error applying to the list', error);
    }
    if (rounds.length === 0) return;
    const results = mergeResults(rounds);
    onApplied(results);
    setSummary({ done: results.filter((result) => result.ok).length, failed: results.filter((result) => !result.ok) });
  };

  const apply = useSingleFlight(async () => {
    const status =
      statusChoice === KEEP_STATUS
        ? undefined
        : statusChoice === CUSTOM_STATUS_OPTION
          ? customStatus.trim()
          : statusChoice;
    const place = location.trim();
    if (status === '') {
      notifyWarning(CUSTOM_STATUS_REQUIRED);
      return;
    }
    if (status === undefined && !place) {
      notifyWarning({ title: 'Nothing to apply', message: 'Choose a new status or enter a location update' });
      return;
    }
    if (codes.length === 0) {
      notifyWarning({ title: 'No packages', message: 'Scan or type the code of a known package first' });
      return;
    }
    // A proof records one hand-over: offered when the list holds one package, never for several.
    const only = codes.length === 1 ? rows.find((row) => row.trackingCode === codes[0]) : undefined;
    if (status === 'Delivered' && only && canRecordDelivery(only.status ?? '')) {
      setProofFor(only.trackingCode);
      return;
    }
    const rounds: BulkResult[][] = [];
    try {
      if (status !== undefined) rounds.push(await bulk.mutateAsync({ action: 'status', trackingCodes: codes, status }));
      if (place) rounds.push(await bulk.mutateAsync({ action: 'location', trackingCodes: codes, location: place }));
    } catch (error) {
      notifyPackageError('Error applying to the list', error);
    }
    if (rounds.length === 0) return;
    const results = mergeResults(rounds);
    onApplied(results);
    setSummary({ done: results.filter((result) => result.ok).length, failed: results.filter((result) => !result.ok) });
  });

  // A fragment: the bar is a child of the page's stack, so it stays stuck to the bottom of the screen
  // over the whole page, not only while this section is in view.
  return (
    <>
      <section aria-labelledby="apply-heading">
        <Stack gap="sm">
          <Title order={2} size="h4" id="apply-heading">
            Apply to the list
          </Title>
          {/* The phone's own picker: large, one-handed, and never hidden behind the bottom bar. */}
          <NativeSelect
            label="New status"
            size="md"
            data={STATUS_OPTIONS}
            value={statusChoice}
            onChange={(event) => setStatusChoice(event.currentTarget.value)}
          />
          {statusChoice === CUSTOM_STATUS_OPTION ? (
            <TextInput
              label="Custom status"
              size="md"
              placeholder="e.g. Held at customs"
              maxLength={STATUS_MAX_LENGTH}
              value={customStatus}
              onChange={(event) => setCustomStatus(event.currentTarget.value)}
            />
          ) : null}
          <TextInput
            label="Location update"
            size="md"
            placeholder="e.g. Arrived at Lagos sorting hub"
            maxLength={LOCATION_MAX_LENGTH}
            value={location}
            onChange={(event) => setLocation(event.currentTarget.value)}
          />
          {summary ? (
            <Alert
              color={summary.failed.length > 0 ? 'red' : 'green'}
              variant="light"
              role="status"
              title={<AlertTitle>{`${summary.done} done, ${summary.failed.length} failed`}</AlertTitle>}
            >
              {summary.failed.length > 0 ? (
                <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
                  {summary.failed.map((result) => (
                    <li key={result.trackingCode}>
                      <span className={classes.code}>{result.trackingCode}</span>: {result.message}
                    </li>
                  ))}
                </ul>
              ) : (
                'Every package in the list was updated.'
              )}
            </Alert>
          ) : null}
        </Stack>
      </section>
      <div className={classes.applyBar}>
        <Button fullWidth size="lg" loading={bulk.isPending} onClick={() => void apply()}>
          Apply to {countOf(codes.length, 'package', 'packages')}
        </Button>
      </div>
      <ProofOfDeliveryDialog
        trackingCode={proofFor}
        onClose={() => setProofFor(null)}
        onWithoutProof={() => {
          const trackingCode = proofFor;
          setProofFor(null);
          if (trackingCode) void applyWithoutProof(trackingCode);
        }}
        onRecorded={(changed) => void finishProof(changed.trackingCode)}
      />
    </>
  );
}
