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
      const font = (doc as unknown as { _font: { font: ParsedFont } })._font.font;
      keepDecodedGlyphs(font as unknown as GlyphSource);
      return font;
    };
    parsedFonts = { regular: parse('DejaVuSans.ttf'), bold: parse('DejaVuSans-Bold.ttf') };
  }
  return parsedFonts;
}

/** pdfkit's EmbeddedFont as far as the shared layout reads it: the parsed font and its word cache. */
type EmbeddedFont = { font?: unknown; layoutCache?: Record<string, unknown> };

/** The shared caches start over every this many documents, so names and amounts never pile up. */
const LAYOUT_CACHE_DOCUMENTS = 200;
let layoutCaches = new Map<unknown, Record<string, unknown>>();
let documentsSinceReset = 0;

/**
 * Gives the document's embedded fonts one word-layout cache per parsed font,
 * shared by every document of this thread instead of one per document. pdfkit
 * caches the shaped glyph run of each word it lays out (EmbeddedFont's
 * layoutCache, keyed by the word); a run holds the font's glyph ids and
 * positions scaled by the font's units, nothing of the document: each
 * document still maps glyph ids to its own subset's ids when it writes the
 * text (EmbeddedFont.encode). So the labels every invoice repeats are shaped
 * once, not once a document.
 */
export function shareLayoutCaches(doc: PDFKit.PDFDocument, fontNames: readonly string[]): void {
  if (++documentsSinceReset > LAYOUT_CACHE_DOCUMENTS) {
    layoutCaches = new Map();
    documentsSinceReset = 1;
  }
  for (const name of fontNames) {
    doc.font(name);
    const embedded = (doc as unknown as { _font?: EmbeddedFont })._font;
    // No cache (pdfkit's fontLayoutCache: false) or not an embedded font: left as it is.
    if (!embedded?.font || !embedded.layoutCache) continue;
    let cache = layoutCaches.get(embedded.font);
    if (!cache) {
      cache = Object.create(null) as Record<string, unknown>;
      layoutCaches.set(embedded.font, cache);
    }
    embedded.layoutCache = cache;
  }
}

/** fontkit's font as far as keepDecodedGlyphs reads it. */
type GlyphSource = {
  getGlyph: (id: number, codePoints?: number[]) => { _decode?: () => unknown } | null;
  _variationProcessor?: unknown;
};

/**
 * Each glyph's outline decoded once per process instead of once per document.
 * fontkit's TrueType subset (what pdfkit embeds, EmbeddedFont.embed) decodes
 * every glyph it copies (TTFGlyph._decode: 16 % of a render) to learn whether
 * it is composite, and parses it again for the next document; the decoded
 * record is only read (the subset copies the glyph's own bytes). The parsed
 * fonts' glyph objects are kept by fontkit (getGlyph), so each one remembers
 * its record. Not for a font instance with variations, whose decode applies
 * them; left alone if fontkit ever has no `_decode`.
 */
function keepDecodedGlyphs(font: GlyphSource): void {
  if (font._variationProcessor) return;
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, codePoints) => {
    const glyph = getGlyph(id, codePoints);
    const decode = glyph?._decode;
    if (glyph && typeof decode === 'function' && !Object.hasOwn(glyph, '_decode')) {
      let decoded: { record: unknown } | undefined;
      glyph._decode = () => {
        decoded ??= { record: decode.call(glyph) };
        return decoded.record;
      };
    }
    return glyph;
  };
}
