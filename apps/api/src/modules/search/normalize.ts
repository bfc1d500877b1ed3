/**
 * The form queries and titles are compared in; the catalogue import stores titles in it as
 * `search_text`. Lower case, «ё» as «е», every run of characters that are not letters or digits
 * (punctuation, quotes, SQL or HTML metacharacters, emoji) as one space, trimmed: «Тихий дом!» and
 * "тихий   ДОМ" both become "тихий дом". Compatibility forms are folded (full-width letters), except
 * «№», which NFKC would turn into "No" («Легенда №17» must answer "легенда 17").
 */
export function normalize(text: string): string {
  return text
    .replaceAll('№', ' ')
    .normalize('NFKC')
    .toLowerCase()
    .replaceAll('ё', 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of normalised text. */
export function wordsOf(normalized: string): string[] {
  return normalized === '' ? [] : normalized.split(' ');
}

/** A title's names in normal form, and their words (what a query is matched against). */
export interface NormalizedNames {
  names: string[];
  words: string[];
}

/** The names (title, original title) in normal form; empty ones are left out. */
export function normalizedNames(names: readonly string[]): NormalizedNames {
  const normalized = names.map(normalize).filter((n) => n !== '');
  return { names: normalized, words: normalized.flatMap(wordsOf) };
}
