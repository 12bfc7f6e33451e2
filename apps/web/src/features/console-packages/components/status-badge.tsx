import { Badge } from '@mantine/core';
import { statusSwatch } from '../../../lib/status-swatch.ts';

/** A status in its SPEC §4 colour (custom text in gray). */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge component="span" color={statusSwatch(status)} variant="filled" tt="none" maw="100%">
      {status}
    </Badge>
  );
}
