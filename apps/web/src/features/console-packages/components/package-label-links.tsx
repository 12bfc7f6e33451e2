import { Button, Group } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { canHaveLabel, type LabelSize } from '@waybill/domain';

const SIZES: { size: LabelSize; name: string }[] = [
  { size: '4x6', name: '4×6' },
  { size: 'a4', name: 'A4' },
];

/**
 * The package's shipping label as a PDF in a new tab, where the browser's viewer prints it: one link per
 * size, offered for every package that can have a label (not Pending or Rejected). A plain GET with the
 * session cookie, so nothing is written and no double-click guard is needed.
 */
export function PackageLabelLinks({ trackingCode, status }: { trackingCode: string; status: string }) {
  if (!canHaveLabel(status)) return null;
  return (
    <Group gap="xs">
      {SIZES.map(({ size, name }) => (
        <Button
          key={size}
          component="a"
          href={`/api/admin/packages/${encodeURIComponent(trackingCode)}/label?size=${size}`}
          target="_blank"
          rel="noopener"
          variant="default"
          size="sm"
          leftSection={<IconPrinter size={16} aria-hidden />}
        >
          Print label ({name})
        </Button>
      ))}
    </Group>
  );
}
