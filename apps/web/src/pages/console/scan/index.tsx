import { Container } from '@mantine/core';
import { ScanView } from '../../../features/console-packages/scan/scan-view.tsx';

export const handle = { title: 'Scan packages | Waybill Console' };

/** Scan packages: camera, typed or scanner input, and one action for the whole list. */
export function Component() {
  return (
    <Container size="sm" pt="lg" px={{ base: 'sm', sm: 'md' }}>
      <ScanView />
    </Container>
  );
}
