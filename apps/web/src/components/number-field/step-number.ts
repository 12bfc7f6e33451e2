import { NUMBER_TEXT_MAX } from '@waybill/domain';

// The fraction is its own optional group, so a run of digits splits one way only (linear time).
const PLAIN_DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

const decimalsOf = (text: string) => (text.includes('.') ? text.length - text.indexOf('.') - 1 : 0);

export interface StepBounds {
  step: number;
  min?: number;
  max?: number;
}

/**
 * The text after one arrow-key step up (+1) or down (-1): a plain decimal moves by `step`, kept within
 * min and max and at the precision of the value or the step; a blank field starts at `min` (or 0).
 * Anything else is left exactly as typed, for its validation message to explain.
 */
export function stepNumberText(text: string, direction: 1 | -1, { step, min, max }: StepBounds): string {
  const trimmed = text.trim();
  if (trimmed === '') return String(min ?? 0);
  if (trimmed.length > NUMBER_TEXT_MAX || !PLAIN_DECIMAL.test(trimmed)) return text;
  const decimals = Math.max(decimalsOf(trimmed), decimalsOf(String(step)));
  const factor = 10 ** decimals;
  let next = (Math.round(Number(trimmed) * factor) + direction * Math.round(step * factor)) / factor;
  if (min !== undefined) next = Math.max(next, min);
  if (max !== undefined) next = Math.min(next, max);
  return next.toFixed(decimals);
}
