// The plain port of pg_trgm's word_similarity, kept for the tests only: they check it against values
// PostgreSQL answers, and WordSimilarities (the allocation-free form the search uses) against it.
import { ratio, trigramsOf } from './trigrams';

/**
 * pg_trgm word_similarity(a, b): the greatest similarity between the trigrams of `a` and a continuous
 * run of the trigrams of `b` (a port of iterate_word_similarity, without the strict variant).
 */
export function wordSimilarity(a: string, b: string): number {
  return wordSimilarityTo(new Set(trigramsOf(a)), b);
}

/** word_similarity(a, b) given the trigrams of `a` (computed once for many `b`). */
export function wordSimilarityTo(wanted: ReadonlySet<string>, b: string): number {
  const sequence = trigramsOf(b);
  const ulen1 = wanted.size;
  if (ulen1 === 0 || sequence.length === 0) return 0;
  // Number every distinct trigram of b; found[i]: trigram i is one of a's.
  const ids = new Map<string, number>();
  const indexes = sequence.map((t) => {
    let id = ids.get(t);
    if (id === undefined) {
      id = ids.size;
      ids.set(t, id);
    }
    return id;
  });
  const found = new Array<boolean>(ids.size).fill(false);
  for (const [t, id] of ids) found[id] = wanted.has(t);
  const lastpos = new Array<number>(ids.size).fill(-1);
  let ulen2 = 0;
  let count = 0;
  let lower = -1;
  let best = 0;
  for (let i = 0; i < indexes.length; i++) {
    const index = indexes[i] as number;
    if (lower >= 0 || found[index]) {
      if ((lastpos[index] as number) < 0) {
        ulen2++;
        if (found[index]) count++;
      }
      lastpos[index] = i;
    }
    if (!found[index]) continue;
    const upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let current = ratio(count, ulen1, ulen2);
    // Try moving the lower bound right for a greater similarity.
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const previousLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
      const tmp = ratio(tmpCount, ulen1, tmpUlen2);
      if (tmp > current) {
        current = tmp;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      const tmpIndex = indexes[tmpLower] as number;
      if (lastpos[tmpIndex] === tmpLower) {
        tmpUlen2--;
        if (found[tmpIndex]) tmpCount--;
      }
    }
    best = Math.max(best, current);
    for (let tmpLower = previousLower; tmpLower < lower; tmpLower++) {
      const tmpIndex = indexes[tmpLower] as number;
      if (lastpos[tmpIndex] === tmpLower) lastpos[tmpIndex] = -1;
    }
  }
  return best;
}
