export const DIMENSION_UNITS = ['cm', 'in'] as const;
export type DimensionUnit = (typeof DIMENSION_UNITS)[number];

/** Length × width × height. */
export function computeVolume(length: number, width: number, height: number): number {
  return length * width * height;
}

/**
 * Rounds half up to two decimals as a person would on the typed figures: `toFixed` alone rounds the
 * binary value, so 1.005 (stored as 1.00499…) would show as 1.00. Fifteen significant digits drop that
 * binary noise before rounding.
 */
function roundToHundredths(value: number): number {
  return Math.round(Number((value * 100).toPrecision(15))) / 100;
}

/** Total volume as the confirm dialog shows it: two decimals, then the unit cubed ("1000.00 cm³"). */
export function formatVolume(length: number, width: number, height: number, unit: DimensionUnit): string {
  return `${roundToHundredths(computeVolume(length, width, height)).toFixed(2)} ${unit}³`;
}

/** The three dimensions as forms, the console and the receipt show them ("30 × 20 × 10 cm"). */
export function formatDimensions(length: number, width: number, height: number, unit: DimensionUnit): string {
  return `${length} × ${width} × ${height} ${unit}`;
}
