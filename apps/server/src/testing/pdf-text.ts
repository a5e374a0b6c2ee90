import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text layer of a PDF as a reader (or a screen reader, or copy and paste)
 * gets it: pdfjs-dist reads every page's text through the fonts' ToUnicode
 * maps. Each text run pdfkit wrote is one line, so tests can look for labels,
 * amounts and names (with every letter: 'Łukasz Dvořák').
 */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const document = await getDocument({
    data: new Uint8Array(pdf),
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
  }).promise;
  const lines: string[] = [];
  try {
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let line = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += item.str;
        if (item.hasEOL) {
          lines.push(line);
          line = '';
        }
      }
      if (line) lines.push(line);
    }
  } finally {
    await document.destroy();
  }
  return lines.join('\n');
}

/**
 * A string as a PDF's text layer gives it back: no-break spaces (the thousands
 * and the euro sign's in `formatEuros`) come out as plain spaces, since the
 * embedded font draws both with one glyph.
 */
export function asPrinted(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ');
}
