import { Fit, KeyKind, TypoIndex } from './typo-index.ts';

/** Lower case, no diacritics, every run of non-alphanumerics as one space: 'L'Hospitalet' -> 'l hospitalet'. */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Shortest term that searches (spec: registros.php answers nothing to shorter input). */
export const MIN_TERM_LENGTH = 2;
export const MAX_RESULTS = 20;
/** Shortest term forgiven a typo: shorter ones are one edit away from too many names. */
export const MIN_TYPO_TERM_LENGTH = 4;

interface Entry<T> {
  item: T;
  /** Normalized names the entry answers to (e.g. both parts of 'Alacant/Alicante', 'La Coruña'). */
  names: string[];
  /** Normalized places searched when the names do not match (e.g. the concelho and distrito). */
  context: string[];
  sortKey: string;
  length: number;
}

/** 'vila nova de x' -> ['vila nova de x', 'nova de x', 'de x', 'x']. */
function wordTails(texts: string[]): string[] {
  const tails = new Set<string>();
  for (const text of texts) {
    for (let at = 0; at !== -1; at = text.indexOf(' ', at + 1)) tails.add(text.slice(at === 0 ? 0 : at + 1));
  }
  return [...tails];
}

/** Match tiers, best first. */
const Tier = {
  Exact: 0,
  NamePrefix: 1,
  WordPrefix: 2,
  Substring: 3,
  Context: 4,
  /** One edit (Levenshtein distance 1) from a whole name: 'getfe' -> Getafe. */
  TypoName: 5,
  /** One edit from the start of a name or of one of its words, for a term still being typed: 'getf' -> Getafe. */
  TypoPrefix: 6,
  /** One edit from (the start of a word of) a context place: 'setuball' -> the freguesias of Setúbal. */
  TypoContext: 7,
  None: 8,
} as const;
type Tier = (typeof Tier)[keyof typeof Tier];

function exactTier(entry: Entry<unknown>, term: string): Tier {
  let best: Tier = Tier.None;
  for (const name of entry.names) {
    if (name === term) return Tier.Exact;
    if (name.startsWith(term)) best = Tier.NamePrefix;
    else if (best > Tier.WordPrefix) {
      const at = name.indexOf(term);
      if (at > 0) {
        const tier = name[at - 1] === ' ' ? Tier.WordPrefix : Tier.Substring;
        if (tier < best) best = tier;
      }
    }
  }
  if (best === Tier.None && entry.context.some((place) => place.includes(term))) best = Tier.Context;
  return best;
}

export interface SearchIndex<T> {
  search(term: string): T[];
  readonly size: number;
}

export interface Described {
  names: string[];
  /** Places the entry lies in (province, concelho, distrito), each as one string. */
  context?: string[];
  display: string;
}

/**
 * An in-memory index ranked like an autocomplete: the exact name (an official
 * name or an alias people type), prefix of the whole name, prefix of any word,
 * substring, then matches found only in the context; when those leave room, names
 * one typo away. Inside a tier shorter names first, then alphabetical. A linear
 * scan over pre-normalized strings: ~8,000 entries take about a millisecond.
 */
export function createSearchIndex<T>(
  items: T[],
  describe: (item: T) => Described,
  { typos = true }: { typos?: boolean } = {},
): SearchIndex<T> {
  const entries: Entry<T>[] = items.map((item) => {
    const { names, context = [], display } = describe(item);
    const normalizedNames = [...new Set(names.map(normalize).filter(Boolean))];
    return {
      item,
      names: normalizedNames,
      context: [...new Set(context.map(normalize).filter(Boolean))],
      sortKey: normalize(display),
      length: Math.min(...normalizedNames.map((n) => n.length)),
    };
  });
  const typoIndex = new TypoIndex();
  entries.forEach((entry, at) => {
    for (const name of entry.names) typoIndex.add(name, at, KeyKind.Name);
    for (const tail of wordTails(entry.names)) typoIndex.add(tail, at, KeyKind.NameTail);
    for (const tail of wordTails(entry.context)) typoIndex.add(tail, at, KeyKind.ContextTail);
  });
  /** The typo tier of every entry one edit from the term (best tier per entry). */
  function typoHits(term: string): Map<number, Tier> {
    const tiers = new Map<number, Tier>();
    for (const { fit, refs } of typoIndex.matches(term)) {
      for (const { entry, kind } of refs) {
        const tier =
          kind === KeyKind.ContextTail
            ? Tier.TypoContext
            : kind === KeyKind.Name && fit === Fit.Whole
              ? Tier.TypoName
              : Tier.TypoPrefix;
        if (tier < (tiers.get(entry) ?? Tier.None)) tiers.set(entry, tier);
      }
    }
    return tiers;
  }
  return {
    size: entries.length,
    search(raw) {
      const term = normalize(raw);
      if (term.length < MIN_TERM_LENGTH) return [];
      const hits: { entry: Entry<T>; tier: Tier }[] = [];
      const found = new Set<number>();
      entries.forEach((entry, at) => {
        const tier = exactTier(entry, term);
        if (tier === Tier.None) return;
        hits.push({ entry, tier });
        found.add(at);
      });
      if (typos && hits.length < MAX_RESULTS && term.length >= MIN_TYPO_TERM_LENGTH) {
        for (const [at, tier] of typoHits(term)) {
          const entry = entries[at];
          if (entry && !found.has(at)) hits.push({ entry, tier });
        }
      }
      hits.sort(
        (a, b) =>
          a.tier - b.tier ||
          a.entry.length - b.entry.length ||
          (a.entry.sortKey < b.entry.sortKey ? -1 : a.entry.sortKey > b.entry.sortKey ? 1 : 0),
      );
      return hits.slice(0, MAX_RESULTS).map((h) => h.entry.item);
    },
  };
}
