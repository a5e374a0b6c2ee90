import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { sampleInvoiceDocument } from '../../testing/invoice-document.ts';
import { type RecordingRenderer, recordingPdfRenderer } from '../../testing/pdf-renderer.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { waitFor } from '../../testing/wait.ts';

describe('the PDF worker pool', () => {
  let renderer: RecordingRenderer | undefined;
  afterEach(async () => {
    await renderer?.destroy();
    renderer = undefined;
  });

  it('renders in a worker thread, the document and its PDF crossing the boundary whole', async () => {
    renderer = recordingPdfRenderer();
    expect(renderer.threads).toBe(0); // no thread before the first render
    const pdf = await renderer.render(
      sampleInvoiceDocument({
        issuedAt: new Date('2026-11-24T23:30:00Z'),
        customer: {
          name: 'Łukasz Dvořák',
          email: 'l@example.com',
          taxId: '12345678Z',
          address: 'Calle Sol 3',
        },
      }),
    );
    expect(Buffer.isBuffer(pdf)).toBe(true);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const [render] = renderer.renders;
    expect(render?.threadId).not.toBe(threadId);
    expect(render?.bytes).toBe(pdf.length);
    const text = await pdfText(pdf);
    // The Date arrived as a Date: the invoice's date in Madrid, a day after the UTC one.
    expect(text).toContain('25/11/2026');
    expect(text).toContain('Łukasz Dvořák');
  });

  it('queues a batch on its one thread', async () => {
    renderer = recordingPdfRenderer();
    const pdfs = await Promise.all(
      Array.from({ length: 6 }, (_, n) => renderer?.render(sampleInvoiceDocument({ number: n + 1 }))),
    );
    expect(pdfs.every((pdf) => pdf && pdf.length > 1000)).toBe(true);
    expect(new Set(renderer.renders.map((r) => r.threadId)).size).toBe(1);
    expect(renderer.renders.every((r) => r.threadId !== threadId)).toBe(true);
    expect(renderer.threads).toBe(1);
  });

  it('keeps this thread’s event loop turning while a batch renders', async () => {
    renderer = recordingPdfRenderer();
    await renderer.render(sampleInvoiceDocument()); // the thread is up
    // Rendered here, a batch never lets a timer run (pdfkit finishes in microtasks): 0 ticks.
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      const batch = Array.from({ length: 8 }, (_, n) => sampleInvoiceDocument({ number: n + 1 }));
      await Promise.all(batch.map((document) => renderer?.render(document)));
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(0);
  });

  it('rejects the caller when the render throws in the worker', async () => {
    renderer = recordingPdfRenderer();
    await expect(renderer.render(sampleInvoiceDocument({ issuedAt: new Date(Number.NaN) }))).rejects.toThrow(
      /Invalid time value/,
    );
    // The pool still renders after a failed document.
    expect((await renderer.render(sampleInvoiceDocument())).length).toBeGreaterThan(1000);
  });

  it('ends an idle thread', async () => {
    renderer = recordingPdfRenderer({ idleTimeoutMs: 50 });
    await renderer.render(sampleInvoiceDocument());
    await waitFor(() => renderer?.threads === 0, 10_000);
  });
});

describe.each(testDatabaseKinds())('the app’s PDF renderer (%s)', (kind) => {
  it('is destroyed when the app closes', async () => {
    const t = await buildTestApp(kind);
    let closed = false;
    try {
      const pdf = await t.app.pdf.render(sampleInvoiceDocument());
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(t.app.pdf.threads).toBe(1);
      await t.close();
      closed = true;
      expect(t.app.pdf.threads).toBe(0);
      await expect(t.app.pdf.render(sampleInvoiceDocument())).rejects.toThrow(/closed/);
      expect(t.app.pdf.threads).toBe(0);
    } finally {
      if (!closed) await t.close();
    }
  });
});
