// The Russian ЙЦУКЕН and the US QWERTY layouts, key by key: a query typed with the wrong layout
// active ("ghbdtn" for «привет», "ещтщ" for "tono") is read back as the keys the viewer pressed.
const LATIN_KEYS = '`qwertyuiop[]asdfghjkl;\'zxcvbnm,./~QWERTYUIOP{}ASDFGHJKL:"ZXCVBNM<>?';
const CYRILLIC_KEYS = 'ёйцукенгшщзхъфывапролджэячсмитьбю.ЁЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮ,';

function mapOf(from: string, to: string): ReadonlyMap<string, string> {
  const pairs = [...from].map((char, i): [string, string] => [char, to[i] ?? char]);
  return new Map(pairs);
}

const latinToCyrillic = mapOf(LATIN_KEYS, CYRILLIC_KEYS);
const cyrillicToLatin = mapOf(CYRILLIC_KEYS, LATIN_KEYS);

function remap(text: string, map: ReadonlyMap<string, string>): string {
  let out = '';
  for (const char of text) out += map.get(char) ?? char;
  return out;
}

/** Text typed on a QWERTY layout as the ЙЦУКЕН keys at the same places ("ghbdtn" → «привет»). */
export function latinLayoutToCyrillic(text: string): string {
  return remap(text, latinToCyrillic);
}

/** Text typed on a ЙЦУКЕН layout as the QWERTY keys at the same places («руддщ» → "hello"). */
export function cyrillicLayoutToLatin(text: string): string {
  return remap(text, cyrillicToLatin);
}

const LATIN = /[a-z]/i;
const CYRILLIC = /[а-яё]/i;

/**
 * The query as if typed with the other layout, or null when that reading adds nothing: Latin letters
 * become Cyrillic and the other way round. A query mixing both scripts is read as Latin typed on
 * ЙЦУКЕН when it is mostly Cyrillic, and as Cyrillic typed on QWERTY otherwise.
 */
export function swapLayout(text: string): string | null {
  const latin = [...text].filter((c) => LATIN.test(c)).length;
  const cyrillic = [...text].filter((c) => CYRILLIC.test(c)).length;
  if (latin === 0 && cyrillic === 0) return null;
  const swapped = latin >= cyrillic ? latinLayoutToCyrillic(text) : cyrillicLayoutToLatin(text);
  return swapped === text ? null : swapped;
}
