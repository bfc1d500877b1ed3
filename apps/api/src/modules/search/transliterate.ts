// Latin transliteration of Russian, read back as Cyrillic. Several systems are in use at once (GOST,
// passports, the way people type in chats), so every common spelling of a letter is accepted:
// ya/ja/ia → я, yu/ju/iu → ю, yo/jo → ё, ye/je → е, zh → ж, kh/h → х, ts/tz → ц, ch → ч, sh → ш,
// shch/sch → щ. Longer spellings win ("shch" before "sh" before "s").
const MULTI: ReadonlyArray<readonly [string, string]> = [
  ['shch', 'щ'],
  ['sch', 'щ'],
  ['zh', 'ж'],
  ['kh', 'х'],
  ['ts', 'ц'],
  ['tz', 'ц'],
  ['ch', 'ч'],
  ['sh', 'ш'],
  ['ya', 'я'],
  ['ja', 'я'],
  ['yu', 'ю'],
  ['ju', 'ю'],
  ['yo', 'ё'],
  ['jo', 'ё'],
  ['ye', 'е'],
  ['je', 'е'],
  ['ia', 'я'],
  ['iu', 'ю'],
  ['x', 'кс'],
];

const SINGLE: Readonly<Record<string, string>> = {
  a: 'а',
  b: 'б',
  c: 'к',
  d: 'д',
  e: 'е',
  f: 'ф',
  g: 'г',
  h: 'х',
  i: 'и',
  j: 'й',
  k: 'к',
  l: 'л',
  m: 'м',
  n: 'н',
  o: 'о',
  p: 'п',
  q: 'к',
  r: 'р',
  s: 'с',
  t: 'т',
  u: 'у',
  v: 'в',
  w: 'в',
  z: 'з',
  "'": 'ь',
  ʹ: 'ь',
  '’': 'ь',
};

const VOWELS = new Set('аеёиоуыэюя');

/**
 * Reads Latin letters as transliterated Russian ("privet" → «привет», "tikhiy dom" → «тихий дом»,
 * "shchuka" and "schuka" → «щука»); other characters are kept. Expects lower-case input.
 * `y` is «й» after a vowel and «ы» otherwise ("novyy" → «новый»); "mariya", "mariia" and "maria"
 * are all «мария».
 */
export function transliterate(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const multi = MULTI.find(([latin]) => text.startsWith(latin, i));
    const previous = out.at(-1);
    if (multi) {
      const [latin, cyrillic] = multi;
      // Passport spelling writes я/ю as ia/iu ("mariia"); after a consonant "ia" is «ия» ("maria").
      const afterConsonant = previous !== undefined && /\p{L}/u.test(previous) && !VOWELS.has(previous);
      out += (latin === 'ia' || latin === 'iu') && afterConsonant ? `и${cyrillic}` : cyrillic;
      i += latin.length;
      continue;
    }
    const char = text[i] ?? '';
    if (char === 'y') {
      out += previous !== undefined && VOWELS.has(previous) ? 'й' : 'ы';
    } else {
      out += SINGLE[char] ?? char;
    }
    i += 1;
  }
  return out;
}

/** Whether the text holds Latin letters a transliteration would change. */
export function hasLatin(text: string): boolean {
  return /[a-z]/i.test(text);
}
