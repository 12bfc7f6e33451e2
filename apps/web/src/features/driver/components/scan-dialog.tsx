import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { readScannedCode } from '../../../lib/barcode/scanned-code.ts';
import { useBarcodeCamera } from '../../../lib/barcode/use-barcode-camera.ts';
import type { StopProgress, StopState } from '../stop-progress.ts';

export interface ScanDialogProps {
  opened: boolean;
  progress: StopProgress[];
  onClose: () => void;
  /** Records the stop's package as loaded. */
  onLoad: (trackingCode: string) => Promise<void>;
}

/** Why a stop's label loads nothing: where the stop already stands. */
const NOT_TO_LOAD: Record<Exclude<StopState, 'to-load'>, string> = {
  loaded: 'is already loaded.',
  delivered: 'is delivered already.',
  attempted: 'was attempted today.',
  returning: 'is going back to its sender.',
};

/** What one scan did, said to the driver at once (the van is loaded without looking at the screen long). */
type Feedback = { tone: 'ok' | 'warn'; text: string } | null;

/**
 * Loading the van by scanning labels: each label of a stop still to load is recorded as Loaded (the
 * label's Code 128 or QR code, read by the rear camera, or a code typed in).
 */
export function ScanDialog({ opened, progress, onClose, onLoad }: ScanDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Scan to load"
      fullScreen
      closeButtonProps={{ 'aria-label': 'Close scan to load' }}
      styles={{ title: { fontWeight: 700 } }}
    >
      {opened ? <ScanPanel progress={progress} onLoad={onLoad} onClose={onClose} /> : null}
    </Modal>
  );
}

function ScanPanel({ progress, onLoad, onClose }: Omit<ScanDialogProps, 'opened'>) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [typed, setTyped] = useState('');
  const latest = useRef(progress);
  latest.current = progress;

  async function load(code: string) {
    const entry = latest.current.find((item) => item.stop.trackingCode === code);
    if (!entry) {
      setFeedback({ tone: 'warn', text: `${code} is not on your run today.` });
      return;
    }
    if (entry.state !== 'to-load') {
      setFeedback({
        tone: 'warn',
        text: `Stop ${entry.stop.position} (${entry.stop.receiverName}) ${NOT_TO_LOAD[entry.state]}`,
      });
      return;
    }
    await onLoad(code);
    setFeedback({ tone: 'ok', text: `Loaded stop ${entry.stop.position}: ${entry.stop.receiverName}.` });
  }

  const camera = useBarcodeCamera(videoRef, readScannedCode, (code) => void load(code));
  const { start } = camera;
  useEffect(() => {
    void start();
  }, [start]);
  const left = progress.filter((item) => item.state === 'to-load').length;

  return (
    <Stack gap="md">
      <video
        ref={videoRef}
        muted
        playsInline
        aria-label="Camera view"
        style={{ width: '100%', maxHeight: 280, background: '#000', borderRadius: 8 }}
      />
      {camera.state.kind === 'unavailable' ? (
        <Alert color="yellow" role="alert">
          {camera.state.message}
        </Alert>
      ) : null}
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {left === 0 ? 'Every stop is loaded.' : `${left} ${left === 1 ? 'stop' : 'stops'} still to load.`}
      </Text>
      {feedback ? (
        <Alert color={feedback.tone === 'ok' ? 'green' : 'orange'} variant="light" role="status">
          {feedback.text}
        </Alert>
      ) : null}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const code = readScannedCode(typed);
          setTyped('');
          if (code) void load(code);
          else setFeedback({ tone: 'warn', text: 'That is not a tracking code.' });
        }}
      >
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label="Tracking code"
            placeholder="The code printed under the barcode"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            autoCapitalize="characters"
            style={{ flex: 1 }}
          />
          <Button type="submit" leftSection={<IconBarcode size={18} aria-hidden />}>
            Load
          </Button>
        </Group>
      </form>
      <Button variant="default" size="lg" onClick={onClose}>
        Done
      </Button>
    </Stack>
  );
}
