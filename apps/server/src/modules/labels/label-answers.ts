import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { LabelPrintersBusyError, type RenderedPdf } from './label-renderer.ts';

/** Answers a rendered PDF inline, never cached; a character no font could draw is logged. */
export function sendPdf(reply: FastifyReply, log: FastifyBaseLogger, rendered: RenderedPdf, filename: string) {
  if (rendered.missingCharacters) {
    log.warn({ filename }, 'label text has characters no installed font can draw; they print as "?"');
  }
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(rendered.pdf);
}

/** Renders, answering a busy refusal with the time to wait. */
export async function rendering<T>(reply: FastifyReply, render: () => Promise<T>): Promise<T> {
  try {
    return await render();
  } catch (error) {
    if (error instanceof LabelPrintersBusyError) reply.header('retry-after', error.retryAfterSeconds);
    throw error;
  }
}
