import { performance } from 'node:perf_hooks';
import { threadId } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { type InvoiceDocument, renderInvoicePdf } from './invoice-pdf.ts';

/** What one render sends back to the main thread. */
export interface RenderedPdf {
  /** The PDF's bytes: their ArrayBuffer is transferred, not copied. */
  pdf: Uint8Array;
  /** The worker thread that rendered it (never the main thread's 0). */
  threadId: number;
  /** The render's time in the worker, ms. */
  ms: number;
}

/**
 * The PDF worker's task (pdf-pool.ts runs it in a piscina worker thread, off
 * the server's event loop): the document arrives structured-cloned (its Dates
 * stay Dates), the PDF goes back with its ArrayBuffer in the transfer list.
 */
export default async function renderTask(document: InvoiceDocument) {
  const start = performance.now();
  const rendered = await renderInvoicePdf(document);
  // Buffer.concat gives a PDF its own ArrayBuffer unless it is small enough for Node's shared
  // slab: that one is copied, so transferring it never takes memory other Buffers use.
  const pdf =
    rendered.byteOffset === 0 && rendered.byteLength === rendered.buffer.byteLength
      ? new Uint8Array(rendered.buffer)
      : new Uint8Array(rendered);
  const value: RenderedPdf = { pdf, threadId, ms: performance.now() - start };
  return move({ [transferableSymbol]: pdf.buffer, [valueSymbol]: value });
}
