import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { type CodeDetector, loadCodeDetector } from './load-detector.ts';

export type CameraState =
  | { kind: 'off' }
  | { kind: 'starting' }
  | { kind: 'on' }
  /** Something stopped the camera or the reader; `message` says what and what still works. */
  | { kind: 'unavailable'; message: string };

/** Between two looks at the picture: decoding a frame in WebAssembly takes tens of milliseconds. */
const FRAME_GAP_MS = 200;
/**
 * The same barcode seen again within this time is the same scan (a label held in view is read on
 * every frame); shown again after a pause, it counts as a new scan.
 */
const SAME_SCAN_MS = 2000;

/** Why the camera did not start, in words for the operator; the typed input works in every case. */
function describeCameraError(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return 'Camera access was refused. Allow the camera for this site in the browser settings, or type the codes below.';
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') {
    return 'No camera was found. Type the codes below, or use a barcode scanner.';
  }
  if (name === 'NotReadableError' || name === 'AbortError') {
    return 'The camera is in use by another app. Close it and try again, or type the codes below.';
  }
  return 'The camera could not start. Type the codes below, or use a barcode scanner.';
}

/**
 * The rear camera in `videoRef`, read for barcodes while on. `read` turns a barcode's text into what
 * it stands for (undefined: not ours, ignored); each new one goes to `onScan`, so a label's Code 128
 * and its QR code, both in view, are one scan. The camera is released when stopped, when the page
 * is left and when the tab is hidden.
 */
export function useBarcodeCamera(
  videoRef: RefObject<HTMLVideoElement | null>,
  read: (text: string) => string | undefined,
  onScan: (value: string) => void,
) {
  const [state, setState] = useState<CameraState>({ kind: 'off' });
  const latest = useRef({ read, onScan });
  latest.current = { read, onScan };
  /** Bumped by every start and stop: a start that finds it changed was cancelled while it waited. */
  const generation = useRef(0);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const detector = useRef<Promise<CodeDetector> | null>(null);

  const release = useCallback(() => {
    generation.current += 1;
    clearTimeout(timer.current);
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
  }, [videoRef]);

  const stop = useCallback(() => {
    release();
    setState({ kind: 'off' });
  }, [release]);

  const start = useCallback(async () => {
    release();
    const mine = generation.current;
    if (!window.isSecureContext || !navigator.mediaDevices?.getUserMedia) {
      setState({
        kind: 'unavailable',
        message: 'This browser offers no camera to this page (it needs https). Type the codes below instead.',
      });
      return;
    }
    setState({ kind: 'starting' });
    let reader: CodeDetector;
    try {
      const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      if (generation.current !== mine) {
        for (const track of media.getTracks()) track.stop();
        return;
      }
      stream.current = media;
      const video = videoRef.current;
      if (!video) return;
      video.srcObject = media;
      await video.play();
    } catch (error) {
      if (generation.current !== mine) return;
      release();
      setState({ kind: 'unavailable', message: describeCameraError(error) });
      return;
    }
    try {
      detector.current ??= loadCodeDetector();
      reader = await detector.current;
    } catch {
      detector.current = null;
      if (generation.current !== mine) return;
      release();
      setState({ kind: 'unavailable', message: 'The barcode reader could not load. Type the codes below instead.' });
      return;
    }
    if (generation.current !== mine) return;
    setState({ kind: 'on' });

    const seenAt = new Map<string, number>();
    const look = async () => {
      const video = videoRef.current;
      if (generation.current !== mine || !video) return;
      if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0) {
        const found = await reader.detect(video).catch(() => []);
        if (generation.current !== mine) return;
        const now = Date.now();
        for (const [value, at] of seenAt) if (now - at >= SAME_SCAN_MS) seenAt.delete(value);
        for (const { rawValue } of found) {
          const value = latest.current.read(rawValue);
          if (value === undefined) continue;
          const again = seenAt.has(value);
          seenAt.set(value, now);
          if (!again) latest.current.onScan(value);
        }
      }
      timer.current = setTimeout(look, FRAME_GAP_MS);
    };
    void look();
  }, [release, videoRef]);

  // A hidden tab gives the camera back (its light goes off); coming back does not restart it unasked.
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden' && stream.current) stop();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      release();
    };
  }, [release, stop]);

  return { state, start, stop };
}
