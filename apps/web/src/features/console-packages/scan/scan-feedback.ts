/** What a scan turned out to be, for the operator's ears and hand while the eyes are on the box. */
export type ScanOutcome = 'found' | 'unknown';

let audio: AudioContext | undefined;

/**
 * The page's AudioContext, created on the operator's first tap or key press: browsers keep audio
 * silent until the page has been interacted with, and a scan from the camera is no interaction.
 */
export function unlockScanSound(): void {
  if (typeof AudioContext === 'undefined') return;
  audio ??= new AudioContext();
  if (audio.state === 'suspended') void audio.resume().catch(() => {});
}

/** One tone of `ms` at `hz`, starting `delay` ms from now, with soft edges (no click). */
function tone(context: AudioContext, hz: number, delay: number, ms: number): void {
  const start = context.currentTime + delay / 1000;
  const end = start + ms / 1000;
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = 'square';
  oscillator.frequency.value = hz;
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.15, start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, end);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(start);
  oscillator.stop(end + 0.02);
}

/** A short high beep for a package found; two low buzzes for a code the system does not know. */
export function signalScan(outcome: ScanOutcome): void {
  try {
    if (audio && audio.state === 'running') {
      if (outcome === 'found') tone(audio, 1760, 0, 90);
      else {
        tone(audio, 220, 0, 140);
        tone(audio, 220, 200, 140);
      }
    }
    navigator.vibrate?.(outcome === 'found' ? 60 : [120, 80, 120]);
  } catch {
    // Sound and vibration only confirm what the list shows; a browser without them scans all the same.
  }
}
