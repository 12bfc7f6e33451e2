import { ActionIcon, Alert, Badge, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCamera, IconCameraOff, IconCheck, IconPlus, IconX } from '@tabler/icons-react';
import { countOf } from '@waybill/domain';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { readScannedCode } from '../../../lib/barcode/scanned-code.ts';
import { useBarcodeCamera } from '../../../lib/barcode/use-barcode-camera.ts';
import { statusSwatch } from '../../../lib/status-swatch.ts';
import { AlertTitle } from './alert-title.tsx';
import { ApplyPanel } from './apply-panel.tsx';
import { unlockScanSound } from './scan-feedback.ts';
import type { ScanRow } from './scan-list.ts';
import classes from './scan-view.module.css';
import { useScanList } from './use-scan-list.ts';

/** What a typed line may hold: a code or a label's QR URL typed by a barcode scanner. */
const TYPED_MAX_LENGTH = 512;
const NOTICE_MS = 4000;

interface Notice {
  tone: 'info' | 'warning';
  text: string;
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
