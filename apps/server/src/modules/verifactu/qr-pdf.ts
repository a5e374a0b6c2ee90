import QRCode from 'qrcode';
import { spanishNif } from './alta-data.ts';
import { cotejoUrl } from './cotejo.ts';
import { fechaAeat, importe } from './formats.ts';

/** Millimetres to PDF points. */
const mm = (value: number) => (value * 72) / 25.4;

/**
 * The QR code's side: 35 mm, inside the 30x30 to 40x40 mm of Orden HAC/1177/2024
 * art. 21.1, with 6 mm of white around it (the AEAT's QR specification, section 3,
 * asks for at least 2 and recommends 6).
 */
export const QR_SIDE = mm(35);
export const QR_QUIET = mm(6);

/** The cotejo URL of an invoice or credit note, or null when its issuer has no Spanish tax id (no VERI*FACTU). */
export function invoiceQrUrl(doc: {
  issuer: { taxId: string };
  code: string;
  issuedAt: Date;
  baseCents: number;
  vatCents: number;
}): string | null {
  const nif = spanishNif(doc.issuer.taxId);
  if (!nif) return null;
  // The record's ImporteTotal: base + VAT, the registry's fee (a suplido) left out (modules/verifactu/alta-data.ts).
  return cotejoUrl({
    nif,
    numSerie: doc.code,
    fecha: fechaAeat(doc.issuedAt),
    importe: importe(doc.baseCents + doc.vatCents),
  });
}

interface Drawing {
  rect(x: number, y: number, w: number, h: number): Drawing;
  fill(color?: string): Drawing;
}

/**
 * Draws the QR code (ISO/IEC 18004, error correction M, `qrcode`'s encoder)
 * as vector squares, one per dark module, `side` points wide at (x, y).
 */
export function drawQr(doc: Drawing, url: string, x: number, y: number, side = QR_SIDE): void {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const cell = side / modules.size;
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) doc.rect(x + col * cell, y + row * cell, cell, cell);
    }
  }
  doc.fill('#000000');
}
