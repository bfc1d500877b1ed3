import { foldCompatibility, normalize, wordsOf } from '../catalogue';
import { swapLayout } from './keyboard-layout';
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
 * A number sign typed as "No" or "N" just before a number ("No17", "no. 17", "n 17"): the sign
 * «№», which titles do not keep (normalize), so the reading without it. Not "n-34" (a hyphen is
 * not the sign's).
 */
const NUMERO = /(^|[^\p{L}\p{N}])no?\.?\s*(?=\p{Nd})/gu;

/** The query with a typed number sign left out, or null when it has none. */
export function withoutNumberSign(raw: string): string | null {
  const text = raw.replace(NUMERO, '$1 ');
  return text === raw ? null : text;
}

const LETTERS = /^\p{L}+$/u;
const DIGITS = /^\p{Nd}+$/u;
/** Where letters meet digits inside a word. */
const LETTERS_DIGITS = /(?<=\p{L})(?=\p{Nd})|(?<=\p{Nd})(?=\p{L})/gu;

/** Words this short (letters) are joined to a number beside them: «Т-34» may be stored "т34". */
export const JOINED_MAX_LETTERS = 2;

/**
 * The hyphen-insensitive readings of normalised text: letters and digits inside a word apart ("т34"
 * → "т 34", as «Т-34» is stored; "9рота" → "9 рота"), and a short word next to a number joined to it
 * ("t 2" → "t2", as «T2 Трейнспоттинг» is stored; "брат 2" stays). The ones that differ from it.
 */
export function hyphenReadings(text: string): string[] {
  const readings: string[] = [];
  const split = text.replace(LETTERS_DIGITS, ' ');
  if (split !== text) readings.push(split);
  const words = wordsOf(split);
  let joined = '';
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    const previous = words[i - 1];
    const short = (w: string) => w.length <= JOINED_MAX_LETTERS && LETTERS.test(w);
    const glued =
      previous !== undefined &&
      ((short(previous) && DIGITS.test(word)) || (DIGITS.test(previous) && short(word)));
    joined += i === 0 ? word : glued ? word : ` ${word}`;
  }
  if (joined !== text && joined !== split) readings.push(joined);
  return readings;
}

/**
 * The readings of a search query, normalised and without duplicates or empty ones: as typed, as typed
 * with the other keyboard layout, and Latin letters as transliterated Russian (the typed text first).
 * Each also with its hyphen-insensitive readings (hyphenReadings); the typed text also without a
 * number sign typed as "No" or "N" («№» is a separator). Layout and transliteration work on the raw
 * lower-cased text, because the keys they read include punctuation (`,` is «б», `'` is «э» or «ь»);
 * compatibility forms are folded first, as on titles (foldCompatibility: «№» is not "No").
 */
export function queryVariants(query: string): QueryVariant[] {
  const raw = foldCompatibility(query).toLowerCase().slice(0, MAX_QUERY_CHARS);
  const candidates: Array<[VariantKind, string | null]> = [
    ['typed', raw],
    ['typed', withoutNumberSign(raw)],
    ['layout', swapLayout(raw)],
    ['translit', hasLatin(raw) ? transliterate(raw) : null],
  ];
  const variants: QueryVariant[] = [];
  const add = (kind: VariantKind, text: string) => {
    if (text !== '' && !variants.some((v) => v.text === text)) variants.push({ kind, text });
  };
  for (const [kind, candidate] of candidates) {
    if (candidate === null) continue;
    const text = normalize(candidate);
    add(kind, text);
    for (const reading of hyphenReadings(text)) add(kind, reading);
  }
  return variants;
}
