import { distance } from 'fastest-levenshtein';

/** Where a key came from: a whole name, a word-start tail of a name, a word-start tail of a context place. */
export const KeyKind = { Name: 0, NameTail: 1, ContextTail: 2 } as const;
type KeyKind = (typeof KeyKind)[keyof typeof KeyKind];

/** How a key matched: the whole key one edit from the term, or only its start. */
export const Fit = { Whole: 0, Start: 1 } as const;
type Fit = (typeof Fit)[keyof typeof Fit];

interface KeyRef {
  entry: number;
  kind: KeyKind;
}

const pair = (text: string, a: number, b: number) => (text[a] ?? '') + (text[b] ?? '');

/**
 * The typo side of the search index: every distinct key (names, their word
 * tails, context tails) bucketed by three letter pairs, so a term meets only the
 * keys that can be one edit from it, then the library's distance decides. One
 * edit in the first letters of a key leaves one of these pairs equal to a pair of
 * the term: letters 0-1 (an edit from the third letter on, or a letter added or
 * dropped at 0 or 1 of the term), 1-2 (first letter changed or added), 0-2
 * (second letter changed or added).
 */
export class TypoIndex {
  private readonly refs = new Map<string, KeyRef[]>();
  private readonly buckets = [
    new Map<string, string[]>(),
    new Map<string, string[]>(),
    new Map<string, string[]>(),
  ];

  add(key: string, entry: number, kind: KeyKind): void {
    const refs = this.refs.get(key);
    if (refs) {
      refs.push({ entry, kind });
      return;
    }
    this.refs.set(key, [{ entry, kind }]);
    if (key.length < 3) return; // never one edit from the start of a term of 4+ letters
    const [b01, b12, b02] = this.buckets as [
      Map<string, string[]>,
      Map<string, string[]>,
      Map<string, string[]>,
    ];
    for (const [bucket, at] of [
      [b01, pair(key, 0, 1)],
      [b12, pair(key, 1, 2)],
      [b02, pair(key, 0, 2)],
    ] as const) {
      const keys = bucket.get(at);
      if (keys) keys.push(key);
      else bucket.set(at, [key]);
    }
  }

  /** Each key one edit from the term (whole) or from its start, with the entries it belongs to. */
  *matches(term: string): Generator<{ fit: Fit; refs: KeyRef[] }> {
    const [b01, b12, b02] = this.buckets as [
      Map<string, string[]>,
      Map<string, string[]>,
      Map<string, string[]>,
    ];
    const t01 = pair(term, 0, 1);
    const t12 = pair(term, 1, 2);
    const t02 = pair(term, 0, 2);
    const candidates = new Set<string>();
    for (const keys of [
      b01.get(t01),
      b01.get(t12),
      b01.get(t02),
      b12.get(t12),
      b12.get(t01),
      b02.get(t02),
      b02.get(t01),
    ]) {
      for (const key of keys ?? []) candidates.add(key);
    }
    for (const key of candidates) {
      const fit = fitOf(term, key);
      if (fit !== null) yield { fit, refs: this.refs.get(key) ?? [] };
    }
  }
}

function fitOf(term: string, key: string): Fit | null {
  if (key.length < term.length - 1) return null;
  if (Math.abs(key.length - term.length) <= 1 && distance(term, key) <= 1) return Fit.Whole;
  // The start may have one letter fewer or more than the term (a dropped or an added letter).
  for (const cut of [term.length, term.length - 1, term.length + 1]) {
    if (cut < key.length && distance(term, key.slice(0, cut)) <= 1) return Fit.Start;
  }
  return null;
}
