import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { fontFile } from '../../paths.ts';

/** A font parsed by pdfkit (its fontkit font): registerFont takes it as it is, with no parsing. */
type ParsedFont = { layout: (...args: unknown[]) => unknown };
let parsedFonts: { regular: ParsedFont; bold: ParsedFont } | undefined;
/**
 * The two fonts parsed once per process (issue 22: parsing the TTF tables took
 * ~3 % of the server's CPU per order when each document registered the bytes).
 * pdfkit parses a font given as bytes; the parsed font of a first document is
 * what later documents register, each making its own subset of it.
 */
export function fonts(): { regular: ParsedFont; bold: ParsedFont } {
  if (!parsedFonts) {
    const parse = (file: Parameters<typeof fontFile>[0]): ParsedFont => {
      const doc = new PDFDocument({ autoFirstPage: false });
      doc.registerFont('parse', readFileSync(fontFile(file)));
      doc.font('parse');
      return (doc as unknown as { _font: { font: ParsedFont } })._font.font;
    };
    parsedFonts = { regular: parse('DejaVuSans.ttf'), bold: parse('DejaVuSans-Bold.ttf') };
  }
  return parsedFonts;
}
