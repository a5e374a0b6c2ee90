import fp from 'fastify-plugin';
import type { Env } from '../../env.ts';
import { createPdfRenderer, type PdfRenderer } from './pdf-pool.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Renders invoice and credit-note PDFs in worker threads (ADR 039). */
    pdf: PdfRenderer;
  }
}

/**
 * The app's PDF renderer: up to PDF_THREADS worker threads, started on the
 * first render, ended when idle and when the app closes. Registered before
 * the jobs plugin, so its onClose (run in reverse order) comes after pg-boss
 * has let the running jobs finish their renders.
 */
export const documentsPlugin = fp<{ env: Pick<Env, 'PDF_THREADS'> }>(
  async (app, { env }) => {
    const renderer = createPdfRenderer({
      threads: env.PDF_THREADS,
      onRender: (info) => app.log.debug(info, 'invoice PDF rendered'),
    });
    app.decorate('pdf', renderer);
    app.addHook('onClose', () => renderer.destroy());
  },
  { name: 'documents' },
);
