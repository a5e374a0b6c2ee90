import {
  createPdfRenderer,
  type PdfRenderer,
  type PdfRendererOptions,
} from '../modules/documents/pdf-pool.ts';

export interface RecordingRenderer extends PdfRenderer {
  /** Every finished render's report, in order: the worker thread, its time, the PDF's size. */
  readonly renders: { threadId: number; ms: number; bytes: number }[];
}

/** A PDF worker pool (one thread unless told) that records what each render reports. */
export function recordingPdfRenderer(options: Partial<PdfRendererOptions> = {}): RecordingRenderer {
  const renders: RecordingRenderer['renders'] = [];
  const renderer = createPdfRenderer({
    threads: 1,
    ...options,
    onRender: (info) => {
      renders.push(info);
      options.onRender?.(info);
    },
  });
  return Object.assign(renderer, { renders });
}
