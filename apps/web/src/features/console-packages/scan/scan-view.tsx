import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCamera, IconCameraOff, IconCheck, IconPlus, IconX } from '@tabler/icons-react';
import {
  type BulkResult,
  CUSTOM_STATUS_OPTION,
  CUSTOM_STATUS_REQUIRED,
  canRecordDelivery,
  countOf,
  SHIPMENT_STATUSES,
  STATUS_MAX_LENGTH,
} from '@waybill/domain';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { notifyWarning } from '../../../lib/notify.ts';
import { statusSwatch } from '../../../lib/status-swatch.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useBulkAction } from '../api/bulk-action.ts';
import { ProofOfDeliveryDialog } from '../components/proof-of-delivery-dialog.tsx';
import { notifyPackageError } from '../notify-package-error.ts';
import { unlockScanSound } from './scan-feedback.ts';
import { mergeResults, type ScanRow, sendableCodes } from './scan-list.ts';
import classes from './scan-view.module.css';
import { readScannedCode } from './scanned-code.ts';
import { useBarcodeCamera } from './use-barcode-camera.ts';
import { useScanList } from './use-scan-list.ts';

const KEEP_STATUS = 'Keep current status';
const STATUS_OPTIONS = [KEEP_STATUS, ...SHIPMENT_STATUSES, CUSTOM_STATUS_OPTION];
/** What a typed line may hold: a code or a label's QR URL typed by a barcode scanner. */
const TYPED_MAX_LENGTH = 512;
const NOTICE_MS = 4000;
/** As the single location form's input (the API's limit). */
const LOCATION_MAX_LENGTH = 300;

interface Notice {
  tone: 'info' | 'warning';
  text: string;
}

interface Summary {
  done: number;
  failed: BulkResult[];
}

/** A text shown back to the operator, cut short: a scanner can type anything. */
function shown(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/**
 * Scan packages: the rear camera (or a typed code, or a USB/Bluetooth scanner typing one) adds
 * packages to a list with their current status; a new status, a location or both then go to every
 * known package of the list at once.
 */
export function ScanView() {
  const { rows, add, dispatch } = useScanList();
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const showNotice = useCallback((next: Notice) => {
    clearTimeout(noticeTimer.current);
    setNotice(next);
    noticeTimer.current = setTimeout(() => setNotice(null), NOTICE_MS);
  }, []);
  useEffect(() => () => clearTimeout(noticeTimer.current), []);

  const addCode = useCallback(
    (code: string) => {
      if (add(code) === 'duplicate') showNotice({ tone: 'info', text: `${code} is already in the list` });
    },
    [add, showNotice],
  );

  return (
    <Stack gap="md" onPointerDown={unlockScanSound} onKeyDown={unlockScanSound}>
      <Title order={1}>Scan packages</Title>
      <CameraPanel onCode={addCode} />
      <TypedCodeForm
        onCode={addCode}
        onNotCode={(text) => showNotice({ tone: 'warning', text: `"${shown(text)}" is not a tracking code` })}
      />
      <Group gap={6} role="status" mih={22} wrap="nowrap">
        {notice?.tone === 'warning' ? (
          <IconAlertTriangle size={18} color="var(--mantine-color-orange-6)" aria-hidden />
        ) : null}
        <Text size="sm">{notice?.text ?? ''}</Text>
      </Group>
      <ScanList
        rows={rows}
        onRemove={(code) => dispatch({ type: 'remove', trackingCode: code })}
        onClear={() => dispatch({ type: 'clear' })}
      />
      <ApplyPanel rows={rows} onApplied={(results) => dispatch({ type: 'applied', results })} />
    </Stack>
  );
}

/** An alert's title in the body colour: the alert's own yellow, green or red is too pale on its tinted ground. */
function AlertTitle({ children }: { children: string }) {
  return (
    <Text component="span" fw={700} c="var(--mantine-color-text)">
      {children}
    </Text>
  );
}

function CameraPanel({ onCode }: { onCode: (code: string) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const camera = useBarcodeCamera(videoRef, readScannedCode, onCode);
  const { start } = camera;
  useEffect(() => {
    void start();
  }, [start]);
  const { state } = camera;
  const on = state.kind === 'on';

  return (
    <Stack gap="xs">
      <div className={classes.camera}>
        <video ref={videoRef} className={classes.video} muted playsInline aria-label="Camera view" />
        {on ? <div className={classes.aim} aria-hidden /> : null}
        {state.kind === 'starting' ? (
          <div className={classes.cameraOff}>
            <Loader color="white" aria-label="Starting the camera" />
          </div>
        ) : null}
        {state.kind === 'off' || state.kind === 'unavailable' ? (
          <div className={classes.cameraOff}>
            <IconCameraOff size={40} aria-hidden />
          </div>
        ) : null}
      </div>
      {state.kind === 'unavailable' ? (
        <Alert color="yellow" variant="light" title={<AlertTitle>Camera not available</AlertTitle>} role="alert">
          {state.message}
        </Alert>
      ) : null}
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 0 }}>
          {on ? 'Hold a label inside the frame.' : state.kind === 'starting' ? 'Starting the camera…' : 'Camera off.'}
        </Text>
        {on || state.kind === 'starting' ? (
          <Button
            variant="default"
            size="md"
            style={{ flexShrink: 0 }}
            leftSection={<IconCameraOff size={18} aria-hidden />}
            onClick={camera.stop}
          >
            Stop camera
          </Button>
        ) : (
          <Button
            variant="default"
            size="md"
            style={{ flexShrink: 0 }}
            leftSection={<IconCamera size={18} aria-hidden />}
            onClick={() => void start()}
          >
            Start camera
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** A typed code, or a barcode scanner's: it types the code and presses Enter. */
function TypedCodeForm({ onCode, onNotCode }: { onCode: (code: string) => void; onNotCode: (text: string) => void }) {
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // With a mouse (a desk with a USB scanner) the box is ready for the first scan; on a phone the
  // keyboard would cover the camera, so it waits for a tap.
  useEffect(() => {
    if (window.matchMedia('(pointer: fine)').matches) input.current?.focus();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = text.trim();
    if (!typed) return;
    const code = readScannedCode(typed);
    if (code) onCode(code);
    else onNotCode(typed);
    setText('');
  }

  return (
    <form noValidate onSubmit={submit}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          ref={input}
          label="Tracking code"
          placeholder="Type or scan a code"
          size="md"
          value={text}
          maxLength={TYPED_MAX_LENGTH}
          onChange={(event) => setText(event.currentTarget.value)}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="enter"
          style={{ flex: 1 }}
        />
        <Button type="submit" size="md" leftSection={<IconPlus size={18} aria-hidden />}>
          Add
        </Button>
      </Group>
    </form>
  );
}

function RowState({ row }: { row: ScanRow }) {
  if (row.lookup === 'looking') {
    return (
      <Group gap={6}>
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed">
          Looking up…
        </Text>
      </Group>
    );
  }
  if (row.lookup === 'unknown') {
    return (
      <Badge color="red" variant="light" tt="none">
        Unknown code
      </Badge>
    );
  }
  if (row.lookup === 'failed') {
    return <Outcome ok={false} text={`Could not look up: ${row.lookupError}`} />;
  }
  return (
    <Badge component="span" color={statusSwatch(row.status ?? '')} variant="filled" tt="none" maw="100%">
      {row.status}
    </Badge>
  );
}

/** A result line: the icon carries the colour, the text stays in the body colour (contrast in both modes). */
function Outcome({ ok, text }: { ok: boolean; text: string }) {
  return (
    <Group gap={4} mt={4} wrap="nowrap" align="flex-start">
      {ok ? (
        <IconCheck size={16} color="var(--mantine-color-green-6)" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      ) : (
        <IconAlertTriangle
          size={16}
          color="var(--mantine-color-red-6)"
          aria-hidden
          style={{ flexShrink: 0, marginTop: 2 }}
        />
      )}
      <Text size="sm">{text}</Text>
    </Group>
  );
}

function ScanList({
  rows,
  onRemove,
  onClear,
}: {
  rows: ScanRow[];
  onRemove: (code: string) => void;
  onClear: () => void;
}) {
  const unknown = rows.filter((row) => row.lookup === 'unknown').length;
  return (
    <section aria-labelledby="scanned-heading">
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Title order={2} size="h4" id="scanned-heading">
          Scanned packages ({rows.length})
        </Title>
        {rows.length > 0 ? (
          <Button variant="subtle" color="red" size="md" onClick={onClear} style={{ flexShrink: 0 }}>
            Clear list
          </Button>
        ) : null}
      </Group>
      {unknown > 0 ? (
        <Text size="sm" c="dimmed" mb="xs">
          {countOf(unknown, 'unknown code is', 'unknown codes are')} not sent.
        </Text>
      ) : null}
      {rows.length === 0 ? (
        <Text c="dimmed">Nothing scanned yet. Scan a label or type a tracking code.</Text>
      ) : (
        <ul aria-label="Scanned packages" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rows.map((row) => (
            <li key={row.trackingCode} className={classes.row} aria-label={`Package ${row.trackingCode}`}>
              <div className={classes.rowMain}>
                <div className={classes.code}>{row.trackingCode}</div>
                <RowState row={row} />
                {row.result ? (
                  <Outcome ok={row.result.ok} text={row.result.ok ? 'Done' : `Failed: ${row.result.message}`} />
                ) : null}
              </div>
              <ActionIcon
                variant="subtle"
                color="gray"
                size={44}
                aria-label={`Remove ${row.trackingCode}`}
                onClick={() => onRemove(row.trackingCode)}
              >
                <IconX size={22} aria-hidden />
              </ActionIcon>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The action for the whole list: a new status, a location update or both, applied in one tap. */
function ApplyPanel({ rows, onApplied }: { rows: ScanRow[]; onApplied: (results: BulkResult[]) => void }) {
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
