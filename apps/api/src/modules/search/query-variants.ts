import { swapLayout } from './keyboard-layout';
import { normalize } from './normalize';
import { hasLatin, transliterate } from './transliterate';

/** How a variant was read from the query; the typed text ranks above its readings. */
export type VariantKind = 'typed' | 'layout' | 'translit';

/** One reading of a query, normalised. */
export interface QueryVariant {
  kind: VariantKind;
  text: string;
}

/** Queries are cut to this many characters before any reading (the contract allows 100). */
export const MAX_QUERY_CHARS = 100;

/**
 * The readings of a search query, normalised and without duplicates or empty ones: as typed, as typed
 * with the other keyboard layout, and Latin letters as transliterated Russian (the typed text first).
 * Layout and transliteration work on the raw lower-cased text, because the keys they read include
 * punctuation (`,` is «б», `'` is «э» or «ь»).
 */
export function queryVariants(query: string): QueryVariant[] {
  const raw = query.normalize('NFKC').toLowerCase().slice(0, MAX_QUERY_CHARS);
  const candidates: Array<[VariantKind, string | null]> = [
    ['typed', raw],
    ['layout', swapLayout(raw)],
    ['translit', hasLatin(raw) ? transliterate(raw) : null],
  ];
  const variants: QueryVariant[] = [];
  for (const [kind, candidate] of candidates) {
    if (candidate === null) continue;
    const text = normalize(candidate);
    if (text !== '' && !variants.some((v) => v.text === text)) variants.push({ kind, text });
  }
  return variants;
}
