import { type Option, OptionSchema, UPLOAD_MAX_BYTES } from '@shop/domain';
import { loadT } from '@shop/domain/i18n';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LiveServer, startLiveServer } from '../../testing/live-server.ts';
import { getConfig, setConfig } from '../config/config-store.ts';
import { setT } from '../i18n/use-t.ts';
import { OptionField } from './option-field.tsx';
import type { KnownFiles } from './option-rules.ts';
import { UploadError, uploadFiles } from './upload-files.ts';

// File options against the live server's pushFilesToPedido: the browser-side
// pre-check, the upload with its progress, the server's own refusals.

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
  setT(await loadT('es'));
}, 120_000);
afterAll(() => server?.stop());
beforeEach(async () => {
  // Store 1 sells the express divorce whose file option this is.
  setConfig(await server.startSession(1));
});

const pdfBytes = (size: number) => {
  const head = new TextEncoder().encode('%PDF-1.4\n%test\n');
  const bytes = new Uint8Array(Math.max(size, head.length));
  bytes.set(head);
  return bytes;
};
const pdf = (name: string, size = 2000) => new File([pdfBytes(size)], name, { type: 'application/pdf' });
const field: Option = OptionSchema.parse({
  option_id: 2513,
  title: 'DNI de ambos cónyuges (PDF)',
  type: 'file',
  is_require: '1',
});

function Harness() {
  const [value, setValue] = useState('');
  const [files, setFiles] = useState<KnownFiles>({});
  return (
    <>
      <OptionField
        option={field}
        productId={18472}
        value={value}
        onChange={setValue}
        files={files}
        onUploaded={(uploaded) =>
          setFiles((known) => ({ ...known, ...Object.fromEntries(uploaded.map((f) => [f.id, f])) }))
        }
      />
      <output aria-label="value">{value}</output>
    </>
  );
}

const shown = () => screen.getByRole('status', { name: 'value' }).textContent ?? '';
const input = () => screen.getByLabelText('DNI de ambos cónyuges (PDF)') as HTMLInputElement;

describe('file option', () => {
  it('uploads a PDF with a progress bar and a spoken percentage, then lists it; the value keeps its id', async () => {
    const u = userEvent.setup();
    render(<Harness />);
    expect(input().accept).toBe('application/pdf,.pdf,image/jpeg,.jpg,.jpeg,image/png,.png');
    expect(getConfig().cart.quote_id).toBeNull();
    const seen: string[] = [];
    const spoken = new Set<string>();
    const observer = new MutationObserver(() => {
      const bar = document.querySelector('progress');
      if (bar) seen.push(`${bar.getAttribute('value')}/${bar.getAttribute('max')}`);
      for (const live of document.querySelectorAll('[aria-live="polite"]'))
        spoken.add(live.textContent ?? '');
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    await u.upload(input(), pdf('dni.pdf', 300_000));
    await screen.findByText('Archivo subido: dni.pdf', {}, { timeout: 10_000 });
    observer.disconnect();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]).toBe('0/100');
    expect(spoken).toContain('Subiendo dni.pdf: 0 %');
    expect(document.querySelector('progress')).toBeNull();
    // The first upload started the session's quote (the answer's config).
    expect(getConfig().cart.quote_id).toEqual(expect.any(Number));
    const id = Number(shown());
    expect(id).toBeGreaterThan(0);
    const list = screen.getByRole('list', { name: 'Archivos subidos' });
    expect(within(list).getByText(/dni\.pdf/)).toBeTruthy();

    // A second upload adds to the value; removing one keeps the other.
    await u.upload(input(), pdf('libro.pdf'));
    await screen.findByText('Archivo subido: libro.pdf', {}, { timeout: 10_000 });
    expect(shown().split(',').map(Number)).toHaveLength(2);
    await u.click(screen.getByRole('button', { name: 'Quitar dni.pdf' }));
    expect(shown().split(',').map(Number)).not.toContain(id);
  }, 30_000);

  it.each([
    [
      'a Word document',
      new File(['x'], 'convenio.docx', { type: 'application/msword' }),
      'convenio.docx: Solo se admiten archivos PDF, JPEG o PNG.',
    ],
    [
      'a file over 10 MB',
      pdf('grande.pdf', UPLOAD_MAX_BYTES + 1),
      'grande.pdf: El archivo es demasiado grande: el máximo es de 10 MB por archivo.',
    ],
  ])('refuses %s before sending it', async (_, file, message) => {
    const u = userEvent.setup({ applyAccept: false });
    render(<Harness />);
    await u.upload(input(), file);
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(shown()).toBe('');
    // Nothing was sent: the session still has no quote.
    expect(getConfig().cart.quote_id).toBeNull();
  });

  it('shows the server refusal of a file whose bytes are not a PDF, JPEG or PNG', async () => {
    const u = userEvent.setup();
    render(<Harness />);
    const fake = new File(['<html><script>alert(1)</script></html>'], 'factura.pdf', {
      type: 'application/pdf',
    });
    await u.upload(input(), fake);
    await waitFor(
      () => expect(screen.getByRole('alert').textContent).toBe('Solo se admiten archivos PDF, JPEG o PNG.'),
      {
        timeout: 10_000,
      },
    );
    expect(shown()).toBe('');
  });
});

describe('uploadFiles', () => {
  it('gives the server message of a 413 without retrying', async () => {
    const failure = await uploadFiles({
      optionId: 2513,
      files: [pdf('grande.pdf', UPLOAD_MAX_BYTES + 1)],
    }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(UploadError);
    expect((failure as UploadError).status).toBe(413);
    expect((failure as UploadError).serverMessage).toBe(
      'El archivo es demasiado grande: el máximo es de 10 MB por archivo.',
    );
  });
});
