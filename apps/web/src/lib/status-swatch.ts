import type { MantineColor } from '@mantine/core';
import { statusColor } from '@waybill/domain';

/**
 * The Mantine colour a status is drawn in (SPEC §4). The theme fills with shade 8, which for yellow is
 * amber (#f08c00), hard to tell from Shipped's orange: Pending takes yellow 4 (#ffd43b) instead, with
 * dark text (autoContrast) that reads the same in light and dark mode.
 */
export function statusSwatch(status: string): MantineColor {
  const color = statusColor(status);
  return color === 'yellow' ? 'yellow.4' : color;
}
