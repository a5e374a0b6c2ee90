import { inflateSync } from 'node:zlib';
import QRCode from 'qrcode';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleInvoiceDocument } from '../../testing/invoice-document.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { renderInvoicePdf } from '../documents/invoice-pdf.ts';
import { cotejoUrl, setVerifactuEndpoint } from './cotejo.ts';

const TEST_ENDPOINT = 'https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP';

/** Every `x y w h re` of the PDF's content streams (pdfkit draws the QR's modules as rectangles). */
function rectangles(pdf: Buffer): { x: number; y: number; w: number; h: number }[] {
  const raw = pdf.toString('latin1');
  const found: { x: number; y: number; w: number; h: number }[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const r of content.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re/g)) {
      found.push({ x: Number(r[1]), y: Number(r[2]), w: Number(r[3]), h: Number(r[4]) });
    }
  }
  return found;
}

describe('the VERI*FACTU QR code and legend on the invoice', () => {
  afterEach(() => setVerifactuEndpoint(TEST_ENDPOINT));

  it("builds the cotejo URL as the AEAT's example, URL-encoded, on the test or production host", () => {
    const example = { nif: '89890001K', numSerie: '12345678&G33', fecha: '01-01-2024', importe: '241.4' };
    setVerifactuEndpoint(TEST_ENDPOINT);
    expect(cotejoUrl(example)).toBe(
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678%26G33&fecha=01-01-2024&importe=241.4',
    );
    setVerifactuEndpoint(
      'https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
    );
    expect(cotejoUrl(example)).toMatch(
      /^https:\/\/www2\.agenciatributaria\.gob\.es\/wlpl\/TIKE-CONT\/ValidarQR\?nif=/,
    );
  });

  it('draws the QR of the cotejo URL (error correction M, 35 mm) with "QR tributario:" above and the legend below', async () => {
    const doc = sampleInvoiceDocument({
      number: 1234,
      issuer: { name: 'Registro Online S.L.', taxId: 'B12345674', address: 'Calle Mayor 1, 28001 Madrid' },
    });
    const pdf = await renderInvoicePdf(doc);
    const text = await pdfText(pdf);
    const lines = text.split('\n');
    expect(lines[0]).toBe('QR tributario:');
    expect(lines[1]).toBe('Factura verificable en la sede electrónica de la AEAT');
    expect(lines[2]).toBe('Factura');

    // base + VAT: the registry's fee (a suplido) is not part of the record's ImporteTotal.
    const url =
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=B12345674&numserie=A-2026-001234&fecha=02-03-2026&importe=10.88';
    const expected = QRCode.create(url, { errorCorrectionLevel: 'M' }).modules;
    const cell = rectangles(pdf).filter((r) => r.w === r.h && r.w > 1 && r.w < 5);
    const x0 = Math.min(...cell.map((r) => r.x));
    const y0 = Math.min(...cell.map((r) => r.y));
    const size = (cell[0]?.w ?? 0) * expected.size;
    const mm = (size * 25.4) / 72;
    expect(mm).toBeGreaterThanOrEqual(30);
    expect(mm).toBeLessThanOrEqual(40);
    const drawn = new Set(cell.map((r) => `${Math.round((r.y - y0) / r.w)},${Math.round((r.x - x0) / r.w)}`));
    const want = new Set<string>();
    for (let row = 0; row < expected.size; row++) {
      for (let col = 0; col < expected.size; col++) if (expected.get(row, col)) want.add(`${row},${col}`);
    }
    expect(drawn).toEqual(want);
  });

  it('prints no QR for an issuer without a Spanish tax id', async () => {
    const pdf = await renderInvoicePdf(
      sampleInvoiceDocument({
        issuer: { name: 'Registo Lda', taxId: '501964843', address: 'Lisboa' },
        language: 'pt',
      }),
    );
    const text = await pdfText(pdf);
    expect(text).not.toContain('QR tributario');
    expect(text.split('\n')[0]).toBe('Fatura');
  });
});

describe('the invoice PDF prints any name', () => {
  it('keeps "Łukasz Dvořák" and "João Conceição" intact in the text layer (embedded Unicode font)', async () => {
    const pdf = await renderInvoicePdf(
      sampleInvoiceDocument({
        customer: {
          name: 'Łukasz Dvořák',
          taxId: 'X1234567L',
          address: 'Ulica Żółta 5, Kraków',
          email: 'l@example.com',
        },
        lines: [
          {
            description: 'Nota Simple — João Conceição',
            totalCents: 1990,
            officialFeeCents: 902,
            baseCents: 899,
            vatCents: 189,
          },
        ],
      }),
    );
    const text = await pdfText(pdf);
    expect(text).toContain('Łukasz Dvořák');
    expect(text).toContain('João Conceição');
    expect(text).toContain('Ulica Żółta 5, Kraków');
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
  });
});
