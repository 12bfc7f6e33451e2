import { ConsolePage } from '../../../components/console-shell/console-page.tsx';
import { ScanView } from '../../../features/console-packages/scan/scan-view.tsx';

export const handle = { title: 'Scan packages | Waybill Console' };

/** Scan packages: camera, typed or scanner input, and one action for the whole list. */
export function Component() {
  return (
    <ConsolePage contentWidth="36rem">
      <ScanView />
    </ConsolePage>
  );
}
