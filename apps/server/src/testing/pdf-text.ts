import { inflateSync } from 'node:zlib';

/** WinAnsiEncoding bytes 0x80-0x9f that differ from Latin-1 (the ones pdfkit's standard fonts use). */
const WIN_ANSI: Record<number, string> = {
  128: '€',
  145: '‘',
  146: '’',
  147: '“',
  148: '”',
  150: '–',
  151: '—',
};

function decodeHex(hex: string): string {
  let text = '';
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const byte = Number.parseInt(hex.slice(i, i + 2), 16);
    text += WIN_ANSI[byte] ?? String.fromCharCode(byte);
  }
  return text;
}

/**
 * The text a PDF shows, as far as pdfkit writes it with its standard fonts:
 * every content stream inflated, each `[<hex> kerning <hex>] TJ` joined into
 * one line. Enough for tests to check labels and amounts; not a PDF parser.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      content = raw.slice(start, end);
    }
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ/g)) {
      lines.push([...(op[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => decodeHex(h[1] ?? '')).join(''));
    }
    streams.lastIndex = end + 'endstream'.length;
  }
  return lines.join('\n');
}
