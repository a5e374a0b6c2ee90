import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { InvoiceDocument } from './invoice-pdf.ts';
import type { RenderedPdf } from './pdf-worker.ts';

/** Invoice and credit-note PDFs rendered in worker threads (ADR 039): the one way the server renders them. */
export interface PdfRenderer {
  /** The document's PDF; rejects when the worker's render throws or the worker dies. */
  render(document: InvoiceDocument): Promise<Buffer>;
  /** The worker threads running now (0 once idle long enough, and after destroy). */
  readonly threads: number;
  /** Ends the threads; renders still queued or running reject. */
  destroy(): Promise<void>;
}

export interface PdfRendererOptions {
  /** The most threads rendering at once (PDF_THREADS). */
  threads: number;
  /** A thread idle this long ends; the next render starts one again (about half a second: modules and fonts). */
  idleTimeoutMs?: number;
  /** Told of every finished render: the worker thread and its time (logs, tests). */
  onRender?: (info: { threadId: number; ms: number; bytes: number }) => void;
}

/** A thread idle for a minute ends: an idle server keeps no PDF thread (bench/server-memory.ts). */
export const PDF_IDLE_TIMEOUT_MS = 60_000;

/**
 * The worker's module: the bundled dist/pdf-worker.js beside the bundle that
 * holds this code (scripts/build.mjs keeps every file directly in dist/), or,
 * from the TypeScript source, the bootstrap that registers tsx in the thread.
 */
function workerFile(): string {
  const fromSource = import.meta.url.endsWith('.ts');
  return fileURLToPath(
    new URL(fromSource ? './pdf-worker.bootstrap.mjs' : './pdf-worker.js', import.meta.url),
  );
}

/**
 * A piscina pool of at most `threads` threads, none started until the first
 * render and none kept once idle for `idleTimeoutMs`. Each thread parses the
 * fonts once (pdf-fonts.ts) and renders one document at a time.
 */
export function createPdfRenderer(options: PdfRendererOptions): PdfRenderer {
  const pool = new Piscina<InvoiceDocument, RenderedPdf>({
    filename: workerFile(),
    minThreads: 0,
    maxThreads: options.threads,
    idleTimeout: options.idleTimeoutMs ?? PDF_IDLE_TIMEOUT_MS,
    concurrentTasksPerWorker: 1,
  });
  let destroyed = false;
  return {
    async render(document) {
      // Piscina would start a thread again for a task run after destroy: refused instead.
      if (destroyed) throw new Error('The PDF renderer is closed (the app is stopping)');
      const { pdf, threadId, ms } = await pool.run(document);
      options.onRender?.({ threadId, ms, bytes: pdf.byteLength });
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    },
    get threads() {
      return pool.threads.length;
    },
    async destroy() {
      destroyed = true;
      await pool.destroy();
    },
  };
}
