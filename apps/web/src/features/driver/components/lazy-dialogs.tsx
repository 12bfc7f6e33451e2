// The driver's three dialogs are not part of the app's first load: their modules (the dialog frame,
// the photo and signature pads, the camera's reader) come once the page has loaded and the browser is
// idle, or when one is first opened. The service worker precaches them with the rest
// (scripts/driver-worker.ts), so they open offline too.
import { dialogModule, LazyDialog } from '../../../lib/lazy-dialog.tsx';
import { useDriverSettings } from '../api/driver-run.ts';
import type { AttemptDialogProps } from './attempt-dialog.tsx';
import type { DeliveredDialogProps } from './delivered-dialog.tsx';
import type { ScanDialogProps } from './scan-dialog.tsx';

const scan = dialogModule<ScanDialogProps>(() =>
  import('./scan-dialog.tsx').then((module) => ({ default: module.ScanDialog })),
);
const delivered = dialogModule<DeliveredDialogProps>(() =>
  import('./delivered-dialog.tsx').then((module) => ({ default: module.DeliveredDialog })),
);
const attempt = dialogModule<AttemptDialogProps>(() =>
  import('./attempt-dialog.tsx').then((module) => ({ default: module.AttemptDialog })),
);

export function ScanDialog(props: ScanDialogProps) {
  return <LazyDialog module={scan} open={props.opened} props={props} />;
}

export function DeliveredDialog(props: DeliveredDialogProps) {
  return <LazyDialog module={delivered} open={props.trackingCode !== null} props={props} />;
}

/**
 * Could not deliver, with the admin's reasons: read here (asked for when the app starts, so they are
 * kept for offline use), so that their answer draws this alone again, not the whole app.
 */
export function AttemptDialog(props: Omit<AttemptDialogProps, 'reasons'>) {
  const settings = useDriverSettings();
  return (
    <LazyDialog
      module={attempt}
      open={props.trackingCode !== null}
      props={{ ...props, reasons: settings.data?.failureReasons }}
    />
  );
}
