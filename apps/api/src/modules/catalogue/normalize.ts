/**
 * Compatibility forms (NFKC) folded the way a viewer would type them, character by character, and
 * the same on titles and queries (normalize, queryVariants):
 * - letters and decimal digits in place: full-width «Ｔ３４» is "T34", the ligature «ﬁ» is "fi";
 * - signs NFKC spells with letters are separators, as other signs are: «№» is not "No", «™» not
 *   "TM" («Легенда №17» is "легенда 17", "Brand™" is "brand");
 * - other numbers are words of their own: «8½» is "8 1⁄2" (so "8 1 2", as "8 1/2" is), «Чужой³» is
 *   "чужой 3", not "81 2" and "чужой3";
 * - other signs fold (full-width «［» is "[", a key of the other layout).
 * Combining marks are composed afterwards (the result is in NFKC).
 */
export function foldCompatibility(text: string): string {
  // Printable ASCII and basic Cyrillic need no folding (most queries and titles).
  if (!NEEDS_FOLDING.test(text)) return text;
  let out = '';
  for (const char of text) {
    const folded = char.normalize('NFKC');
    if (folded === char || LETTER_OR_DIGIT.test(char)) out += folded;
    else if (NUMBER.test(char)) out += ` ${folded} `;
    else if (LETTER_OR_NUMBER.test(folded)) out += ' ';
    else out += folded;
  }
  return out.normalize('NFKC');
}

const NEEDS_FOLDING = /[^\t\n\r\u0020-\u007e\u0401-\u045f]/;
const LETTER_OR_DIGIT = /^[\p{L}\p{Nd}]$/u;
const NUMBER = /^\p{N}$/u;
const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;

/**
 * The form queries and titles are compared in; the catalogue import stores titles in it as
 * `search_text`. Lower case, «ё» as «е», every run of characters that are not letters or digits
 * (punctuation, quotes, SQL or HTML metacharacters, emoji) as one space, trimmed: «Тихий дом!» and
 * "тихий   ДОМ" both become "тихий дом". Compatibility forms are folded by foldCompatibility
 * (full-width letters in place, «№» and «™» as separators, «½» as a word of its own).
 */
export function normalize(text: string): string {
  return foldCompatibility(text)
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
