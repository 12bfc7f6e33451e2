import { Worker } from 'node:worker_threads';
import type { LabelSize } from '@waybill/domain';
import { AppError } from '../../errors.ts';
import type { LabelContent } from './label-pdf.ts';
import type { LabelRenderAnswer, LabelRenderJob } from './label-render.worker.ts';
import type { RunSheetContent } from './run-sheet-pdf.ts';

/**
 * Renders at once per process: each takes a core while it runs (500 labels, seconds), and the main
 * thread and the database need the rest. More asks are refused rather than queued, so an operator
 * learns at once to wait instead of watching a print that has not started.
 */
export const LABEL_RENDERS_AT_ONCE = 2;
export const LABELS_BUSY_RETRY_SECONDS = 5;
export const LABELS_BUSY =
  'The server is already printing for two other requests (labels or run sheets). Please try again in a few seconds.';
/** A render thread left idle this long is stopped, giving back its memory (fonts, pdfkit). */
const IDLE_THREAD_MS = 60_000;

export class LabelPrintersBusyError extends AppError {
  readonly retryAfterSeconds = LABELS_BUSY_RETRY_SECONDS;
  constructor() {
    super(429, LABELS_BUSY);
  }
}

export interface RenderedPdf {
  pdf: Buffer;
  /** True when some character had no glyph in any font here and printed as "?" (the label says so). */
  missingCharacters: boolean;
}

// From the sources (tests, `npm run dev`) the worker is TypeScript and needs the tsx loader, which a
// worker thread does not get unless asked; the production bundle has it as plain JavaScript beside
// the server (build.mjs), where this module's code is inlined.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_FILE = new URL(FROM_SOURCE ? './label-render.worker.ts' : './label-render.worker.mjs', import.meta.url);
const workerOptions = () =>
  FROM_SOURCE && !process.execArgv.some((argument) => argument.includes('tsx'))
    ? { execArgv: [...process.execArgv, '--import', 'tsx'] }
    : {};

interface IdleThread {
  worker: Worker;
  timer: NodeJS.Timeout;
}
const idle: IdleThread[] = [];
let running = 0;

function takeThread(): Worker {
  const thread = idle.pop();
  if (thread) {
    clearTimeout(thread.timer);
    return thread.worker;
  }
  const worker = new Worker(WORKER_FILE, workerOptions());
  // A thread that fails while idle is simply forgotten; one that fails during a render rejects it.
  worker.on('error', () => undefined);
  worker.on('exit', () => {
    const index = idle.findIndex((thread) => thread.worker === worker);
    if (index >= 0) {
      clearTimeout(idle[index]!.timer);
      idle.splice(index, 1);
    }
  });
  return worker;
}

function giveBack(worker: Worker): void {
  worker.unref();
  const thread: IdleThread = {
    worker,
    timer: setTimeout(() => void worker.terminate(), IDLE_THREAD_MS).unref(),
  };
  idle.push(thread);
}

/**
 * Draws the labels into one PDF on a worker thread, so the process goes on answering while it is drawn.
 * Throws `LabelPrintersBusyError` (429) when `LABEL_RENDERS_AT_ONCE` renders are already running.
 */
export function renderLabelsOffThread(labels: LabelContent[], size: LabelSize, title: string): Promise<RenderedPdf> {
  return renderOffThread({ kind: 'labels', labels, size, title });
}

/** Draws a driver's run sheet on the same threads as the labels, under the same limit. */
export function renderRunSheetOffThread(sheet: RunSheetContent, title: string): Promise<RenderedPdf> {
  return renderOffThread({ kind: 'run-sheet', sheet, title });
}

function renderOffThread(job: LabelRenderJob): Promise<RenderedPdf> {
  if (running >= LABEL_RENDERS_AT_ONCE) throw new LabelPrintersBusyError();
  running++;
  const worker = takeThread();
  worker.ref();
  return new Promise<RenderedPdf>((resolve, reject) => {
    const settle = (healthy: boolean) => {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      running--;
      if (healthy) giveBack(worker);
      else void worker.terminate();
    };
    const onMessage = (answer: LabelRenderAnswer) => {
      if ('error' in answer) {
        settle(false);
        reject(new Error(`label rendering failed: ${answer.error}`));
        return;
      }
      settle(true);
      resolve({
        pdf: Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength),
        missingCharacters: answer.missingCharacters,
      });
    };
    const onError = (error: Error) => {
      settle(false);
      reject(error);
    };
    const onExit = (code: number) => {
      settle(false);
      reject(new Error(`the label rendering thread stopped with code ${code}`));
    };
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage(job);
  });
}
