// Draws labels into a PDF on a worker thread: 500 labels are seconds of CPU, which on the main thread
// held every other request of the process (health checks waited 2.4–5.5 s). Started by
// label-renderer.ts; from the sources under tsx, and bundled to dist/label-render.worker.mjs by build.mjs.
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { LabelSize } from '@waybill/domain';
import { type LabelContent, renderLabels } from './label-pdf.ts';
import { type RunSheetContent, renderRunSheet } from './run-sheet-pdf.ts';

// Below the main thread: on Linux a thread's nice value is its own, so this lowers only this thread,
// and the requests the main thread answers come first when both want the same core.
try {
  os.setPriority(os.constants.priority.PRIORITY_BELOW_NORMAL);
} catch {
  // Not allowed here (some platforms): it then renders at the process's own priority.
}

/** A PDF to draw: shipping labels, or a driver's run sheet. */
export type LabelRenderJob =
  | { kind: 'labels'; labels: LabelContent[]; size: LabelSize; title: string }
  | { kind: 'run-sheet'; sheet: RunSheetContent; title: string };

export type LabelRenderAnswer = { pdf: Uint8Array; missingCharacters: boolean } | { error: string };

async function render(job: LabelRenderJob): Promise<LabelRenderAnswer> {
  const { document, missingCharacters } =
    job.kind === 'labels' ? renderLabels(job.labels, job.size, job.title) : renderRunSheet(job.sheet, job.title);
  const chunks: Buffer[] = [];
  for await (const chunk of document) chunks.push(chunk as Buffer);
  // A buffer of its own (not a slice of Node's shared pool), so it can be handed over without a copy.
  const pdf = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    pdf.set(chunk, offset);
    offset += chunk.length;
  }
  return { pdf, missingCharacters };
}

parentPort?.on('message', (job: LabelRenderJob) => {
  render(job).then(
    (answer) => parentPort?.postMessage(answer, 'pdf' in answer ? [answer.pdf.buffer as ArrayBuffer] : []),
    (error: unknown) =>
      parentPort?.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
