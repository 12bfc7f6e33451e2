import type { Run } from '@waybill/domain';

/** The codes of a run's stops, first stop first. */
export const codesOf = (run: Run) => run.stops.map((stop) => stop.trackingCode);

/** `codes` with the one at `from` moved to `to`. */
export function moveCode(codes: string[], from: number, to: number): string[] {
  if (from === to || from < 0 || to < 0 || from >= codes.length || to >= codes.length) return codes;
  const next = [...codes];
  const [code] = next.splice(from, 1);
  next.splice(to, 0, code!);
  return next;
}

/** `current` followed by the `added` codes it does not hold yet, in their order. */
export function appendCodes(current: string[], added: string[]): string[] {
  const held = new Set(current);
  return [...current, ...added.filter((code) => !held.has(code))];
}

/** The run with its stops in the order of `codes` (the ones it holds), renumbered from 1. */
export function withOrder(run: Run, codes: string[]): Run {
  const byCode = new Map(run.stops.map((stop) => [stop.trackingCode, stop]));
  const stops = codes.flatMap((code) => {
    const stop = byCode.get(code);
    return stop ? [stop] : [];
  });
  return { ...run, stops: stops.map((stop, index) => ({ ...stop, position: index + 1 })) };
}

/**
 * The codes a refused list names, from the server's `errors` keyed `trackingCodes.N` against the list
 * that was sent, each with its reason.
 */
export function refusedCodes(sent: string[], errors: Record<string, string>): Map<string, string> {
  const refused = new Map<string, string>();
  for (const [key, message] of Object.entries(errors)) {
    const match = /^trackingCodes\.(\d+)$/.exec(key);
    const code = match ? sent[Number(match[1])] : undefined;
    if (code) refused.set(code, message);
  }
  return refused;
}
