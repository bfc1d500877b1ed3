// pg_trgm's similarity() and word_similarity() in process, so the in-memory candidate index
// (candidate-index.ts) ranks exactly as the SQL path does. Text is expected in the search module's
// normal form (normalize.ts: lower case, words of letters and digits separated by single spaces).
// Like pg_trgm, each word is padded with two spaces in front and one behind, and results are float4.

/** The trigrams of normalised text in order, word by word («дом» → "  д", " до", "дом", "ом "). */
export function trigramsOf(text: string): string[] {
  const trigrams: string[] = [];
  for (const word of text.split(' ')) {
    if (word === '') continue;
    // By code point; indexing the string is the same unless it holds a surrogate pair.
    const chars = SURROGATES.test(word) ? [...word] : word;
    let a = ' ';
    let b = ' ';
    for (let i = 0; i < chars.length; i++) {
      const c = chars[i] as string;
      trigrams.push(a + b + c);
      a = b;
      b = c;
    }
    trigrams.push(`${a}${b} `);
  }
  return trigrams;
}

const SURROGATES = /[\ud800-\udfff]/;

/** pg_trgm's CALCSML: shared / (a + b − shared), as a float4. */
export function ratio(shared: number, a: number, b: number): number {
  return Math.fround(shared / (a + b - shared));
}

/** pg_trgm similarity(): shared distinct trigrams over all distinct trigrams of both texts. */
export function similarity(a: string, b: string): number {
  const first = new Set(trigramsOf(a));
  const second = new Set(trigramsOf(b));
  if (first.size === 0 || second.size === 0) return 0;
  let shared = 0;
  for (const t of first) if (second.has(t)) shared++;
  return ratio(shared, first.size, second.size);
}

/**
 * word_similarity(query, text) against many texts known in advance (the catalogue's search texts):
 * their trigrams are numbered once, so a comparison allocates nothing and compares numbers.
 */
export class WordSimilarities {
  private readonly ids = new Map<string, number>();
  /** The trigram numbers of every text, one after another; text i is [starts[i], starts[i + 1]). */
  private readonly sequence: Int32Array;
  private readonly starts: Int32Array;
  // Scratch marks by trigram number: `found` for the query's trigrams, `lastpos` per comparison.
  private readonly foundStamp: Uint32Array;
  private readonly lastposStamp: Uint32Array;
  private readonly lastpos: Int32Array;
  private foundValue = 0;
  private runValue = 0;

  constructor(texts: readonly string[]) {
    const numbers: number[] = [];
    this.starts = new Int32Array(texts.length + 1);
    texts.forEach((text, i) => {
      for (const t of trigramsOf(text)) {
        let id = this.ids.get(t);
        if (id === undefined) {
          id = this.ids.size;
          this.ids.set(t, id);
        }
        numbers.push(id);
      }
      this.starts[i + 1] = numbers.length;
    });
    this.sequence = Int32Array.from(numbers);
    this.foundStamp = new Uint32Array(this.ids.size);
    this.lastposStamp = new Uint32Array(this.ids.size);
    this.lastpos = new Int32Array(this.ids.size);
  }

  /** Distinct trigrams numbered. */
  get trigrams(): number {
    return this.ids.size;
  }

  /**
   * word_similarity(query, texts[i]) as a function of i. The function is valid until the next call
   * of `of` (they share the scratch marks).
   */
  of(query: string): (text: number) => number {
    const wanted = new Set(trigramsOf(query));
    this.foundValue = (this.foundValue + 1) >>> 0;
    if (this.foundValue === 0) {
      this.foundStamp.fill(0);
      this.foundValue = 1;
    }
    const found = this.foundValue;
    for (const t of wanted) {
      const id = this.ids.get(t);
      if (id !== undefined) this.foundStamp[id] = found;
    }
    return (text) => this.compare(wanted.size, found, text);
  }

  private nextRun(): number {
    this.runValue = (this.runValue + 1) >>> 0;
    if (this.runValue === 0) {
      this.lastposStamp.fill(0);
      this.runValue = 1;
    }
    return this.runValue;
  }

  /** iterate_word_similarity (the plain port: word-similarity.reference.ts) over trigram numbers. */
  private compare(ulen1: number, found: number, text: number): number {
    const from = this.starts[text] as number;
    const length = (this.starts[text + 1] as number) - from;
    if (ulen1 === 0 || length === 0) return 0;
    const run = this.nextRun();
    const seq = this.sequence;
    const isFound = (id: number) => this.foundStamp[id] === found;
    const lastOf = (id: number) => (this.lastposStamp[id] === run ? (this.lastpos[id] as number) : -1);
    const setLast = (id: number, value: number) => {
      this.lastposStamp[id] = run;
      this.lastpos[id] = value;
    };
    let ulen2 = 0;
    let count = 0;
    let lower = -1;
    let best = 0;
    for (let i = 0; i < length; i++) {
      const index = seq[from + i] as number;
      const hit = isFound(index);
      if (lower >= 0 || hit) {
        if (lastOf(index) < 0) {
          ulen2++;
          if (hit) count++;
        }
        setLast(index, i);
      }
      if (!hit) continue;
      if (lower === -1) {
        lower = i;
        ulen2 = 1;
      }
      let current = ratio(count, ulen1, ulen2);
      let tmpCount = count;
      let tmpUlen2 = ulen2;
      const previousLower = lower;
      for (let tmpLower = lower; tmpLower <= i; tmpLower++) {
        const tmp = ratio(tmpCount, ulen1, tmpUlen2);
        if (tmp > current) {
          current = tmp;
          ulen2 = tmpUlen2;
          lower = tmpLower;
          count = tmpCount;
        }
        const tmpIndex = seq[from + tmpLower] as number;
        if (lastOf(tmpIndex) === tmpLower) {
          tmpUlen2--;
          if (isFound(tmpIndex)) tmpCount--;
        }
      }
      if (current > best) best = current;
      for (let tmpLower = previousLower; tmpLower < lower; tmpLower++) {
        const tmpIndex = seq[from + tmpLower] as number;
        if (lastOf(tmpIndex) === tmpLower) setLast(tmpIndex, -1);
      }
    }
    return best;
  }
}
