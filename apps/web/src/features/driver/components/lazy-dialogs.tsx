// The driver's three dialogs load when first opened, not with the run: their modules (the dialog
// frame, the photo and signature pads, the camera's reader) are a fifth of the app's script. The
// service worker precaches them with the rest (scripts/driver-worker.ts), so they open offline too.
import { lazy } from 'react';
import { LazyDialog } from '../../../lib/lazy-dialog.tsx';
import type { AttemptDialogProps } from './attempt-dialog.tsx';
import type { DeliveredDialogProps } from './delivered-dialog.tsx';
import type { ScanDialogProps } from './scan-dialog.tsx';

const Scan = lazy(() => import('./scan-dialog.tsx').then((module) => ({ default: module.ScanDialog })));
const Delivered = lazy(() => import('./delivered-dialog.tsx').then((module) => ({ default: module.DeliveredDialog })));
const Attempt = lazy(() => import('./attempt-dialog.tsx').then((module) => ({ default: module.AttemptDialog })));

export function ScanDialog(props: ScanDialogProps) {
  return <LazyDialog dialog={Scan} open={props.opened} props={props} />;
}

export function DeliveredDialog(props: DeliveredDialogProps) {
  return <LazyDialog dialog={Delivered} open={props.trackingCode !== null} props={props} />;
}

export function AttemptDialog(props: AttemptDialogProps) {
  return <LazyDialog dialog={Attempt} open={props.trackingCode !== null} props={props} />;
}
