import { normalizedNames, wordsOf } from '../catalogue';
import {
  CANDIDATE_LIMIT,
  NEIGHBOURS_PER_WORD,
  type ReadingPlan,
  type SearchCandidate,
  STEM_EXPANSION_LIMIT,
  type WordLookup,
  type WordPlan,
  type WordQuestions,
} from './queries';
import { similarity, trigramsOf, WordSimilarities } from './trigrams';

/** A title or channel as the index holds it: the candidate's fields and its search text. */
export interface IndexedEntry extends Omit<SearchCandidate, 'similarity'> {
  searchText: string;
}

/** Words shorter than this have no postings (as in search_postings and search_words). */
const POSTED_MIN_LENGTH = 3;

/** The coarse scores of queries.ts: first word prefixed 4, a word prefixed 3, the same by an alternative 2, 1. */
type Score = 0 | 1 | 2 | 3 | 4;

// Every word starting with w sorts in [w, w + U+FFFF) in code-unit order.
const AFTER_PREFIX = '\uffff';

function lowerBound(sorted: readonly string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as string) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** How a title's words answer one query word (the score of wordMatches in queries.ts). */
function wordScore(plan: WordPlan, words: readonly string[]): Score {
  let best: Score = 0;
  for (const word of words) {
    if (word.length < POSTED_MIN_LENGTH) continue;
    const first = word === words[0];
    let score: Score = 0;
    if (word.startsWith(plan.word)) score = first ? 4 : 3;
    else if (plan.alternatives.includes(word)) score = first ? 2 : 1;
    if (score > best) best = score;
  }
  return best;
}

/** The score of a phrase of short words (LIKE 'phrase%' is 4, LIKE '% phrase%' is 3 in queries.ts). */
function phraseScore(phrase: readonly string[], words: readonly string[]): Score {
  const last = phrase.length - 1;
  let best: Score = 0;
  for (let i = 0; i + last < words.length; i++) {
    let matches = (words[i + last] as string).startsWith(phrase[last] as string);
    for (let j = 0; matches && j < last; j++) matches = words[i + j] === phrase[j];
    if (matches) {
      if (i === 0) return 4;
      best = 3;
    }
  }
  return best;
}

/** What a build holds, for logs and benchmarks. */
export interface IndexStats {
  entries: number;
  words: number;
  postings: number;
  trigrams: number;
}

/**
 * A word of a phrase is scored from marks left by its postings when it has at most this many times
 * the postings of the phrase's most selective word; otherwise each candidate's words are checked.
 */
const MARK_RATIO = 8;

/** Postings lists, by the coarse score their entries get (index 1–4). */
type ListsByScore = [unknown, Int32Array[], Int32Array[], Int32Array[], Int32Array[]];

/**
 * The catalogue's search data in process: the vocabulary (every word, sorted) with, per word, the
 * titles and channels holding it as their first word and elsewhere (postings, in rank order: titles
 * before channels, each by rating desc, then id) and a trigram index over the words of 3+ letters.
 * It answers the two questions the SQL path asks the database (queries.ts lookupWords and
 * findCandidates) with the same answers, so a search needs no round trip:
 * - a query word is a binary-searched range of the vocabulary; a one-word reading takes the first
 *   CANDIDATE_LIMIT entries of each kind from each posting list, score by score (a bounded merge:
 *   a 3-letter prefix over thousands of titles reads a few hundred postings); a reading of several
 *   words reads the postings of its most selective word and checks the others on each title's words;
 * - typo neighbours are the vocabulary words sharing the most trigrams (pg_trgm similarity, as the
 *   GiST k-nearest-neighbour search ranks them); word forms are the words starting with the stem.
 * Immutable once built; a catalogue change builds a new one (live-index.ts).
 */
export class CandidateIndex {
  /** Titles, then channels, each best rating first, then by id (the SQL's order within a kind). */
  private readonly entries: IndexedEntry[];
  private readonly entryWords: string[][];
  /** Entries below this index are titles, the others channels. */
  private readonly contentCount: number;
  /** Every word of the catalogue, sorted (code-unit order: a prefix is a range). */
  private readonly vocabulary: string[];
  /** Per word, the entries whose first word it is (ascending: rank order). */
  private readonly firstPostings: Int32Array[];
  /** Per word, the entries holding it elsewhere only. */
  private readonly otherPostings: Int32Array[];
  /** postingsBefore[i]: postings of the words before word i (a range's size by two look-ups). */
  private readonly postingsBefore: Float64Array;
  /** Per trigram, the vocabulary words of 3+ letters holding it. */
  private readonly trigramWords: Map<string, Int32Array>;
  /** Distinct trigrams per vocabulary word. */
  private readonly trigramCounts: Uint16Array;
  /** word_similarity of a reading to each entry's search text (the tie-break of rank()). */
  private readonly similarities: WordSimilarities;
  // Scratch space of one call (calls are synchronous, so never shared by two).
  private stamp = 0;
  private readonly entryStamp: Uint32Array;
  private readonly readingStamp: Uint32Array;
  private readonly chosenStamp: Uint32Array;
  private readonly bestScore: Uint8Array;
  private readonly wordStamp: Uint32Array;
  private readonly sharedTrigrams: Uint16Array;

  constructor(rows: readonly IndexedEntry[]) {
    this.entries = [...rows].sort(
      (a, b) => (a.type === b.type ? 0 : a.type === 'content' ? -1 : 1) || b.rating - a.rating || a.id - b.id,
    );
    this.contentCount = this.entries.filter((e) => e.type === 'content').length;
    this.entryWords = this.entries.map((e) => wordsOf(e.searchText));
    this.similarities = new WordSimilarities(this.entries.map((e) => e.searchText));
    const byWord = new Map<string, { first: number[]; other: number[] }>();
    this.entryWords.forEach((words, entry) => {
      for (const word of new Set(words)) {
        let lists = byWord.get(word);
        if (!lists) {
          lists = { first: [], other: [] };
          byWord.set(word, lists);
        }
        (word === words[0] ? lists.first : lists.other).push(entry);
      }
    });
    this.vocabulary = [...byWord.keys()].sort();
    this.firstPostings = this.vocabulary.map((w) => Int32Array.from(byWord.get(w)?.first ?? []));
    this.otherPostings = this.vocabulary.map((w) => Int32Array.from(byWord.get(w)?.other ?? []));
    this.postingsBefore = new Float64Array(this.vocabulary.length + 1);
    for (let i = 0; i < this.vocabulary.length; i++) {
      const size = (this.firstPostings[i]?.length ?? 0) + (this.otherPostings[i]?.length ?? 0);
      this.postingsBefore[i + 1] = (this.postingsBefore[i] as number) + size;
    }
    const byTrigram = new Map<string, number[]>();
    this.trigramCounts = new Uint16Array(this.vocabulary.length);
    this.vocabulary.forEach((word, i) => {
      // search_words holds words of 3+ characters only: shorter ones are nobody's neighbours.
      if (word.length < POSTED_MIN_LENGTH) return;
      const trigrams = new Set(trigramsOf(word));
      this.trigramCounts[i] = trigrams.size;
      for (const t of trigrams) {
        let list = byTrigram.get(t);
        if (!list) {
          list = [];
          byTrigram.set(t, list);
        }
        list.push(i);
      }
    });
    this.trigramWords = new Map([...byTrigram].map(([t, list]) => [t, Int32Array.from(list)]));
    this.entryStamp = new Uint32Array(this.entries.length);
    this.readingStamp = new Uint32Array(this.entries.length);
    this.chosenStamp = new Uint32Array(this.entries.length);
    this.bestScore = new Uint8Array(this.entries.length);
    this.wordStamp = new Uint32Array(this.vocabulary.length);
    this.sharedTrigrams = new Uint16Array(this.vocabulary.length);
  }

  get stats(): IndexStats {
    return {
      entries: this.entries.length,
      words: this.vocabulary.length,
      postings: this.postingsBefore[this.vocabulary.length] ?? 0,
      trigrams: this.trigramWords.size,
    };
  }

  /** What the vocabulary knows of the query words (the answer of queries.ts lookupWords). */
  lookupWords(questions: WordQuestions): Map<string, WordLookup> {
    const { words, fuzzy, stems } = questions;
    const lookups = new Map<string, WordLookup>();
    for (const w of [...words, ...fuzzy, ...stems.map((s) => s.word)]) {
      lookups.set(w, { startsAny: false, neighbours: [] });
    }
    for (const w of words) {
      const lookup = lookups.get(w);
      if (lookup && this.startsAny(w)) lookup.startsAny = true;
    }
    const finished = new Set(questions.finished);
    for (const w of new Set(fuzzy)) {
      if (finished.has(w) || !this.startsAny(w)) lookups.get(w)?.neighbours.push(...this.nearest(w));
    }
    for (const { word, stem } of stems) {
      const [lo, hi] = this.range(stem);
      const lookup = lookups.get(word);
      for (let i = lo; i < Math.min(hi, lo + STEM_EXPANSION_LIMIT); i++) {
        const form = this.vocabulary[i] as string;
        lookup?.neighbours.push({ word: form, similarity: similarity(form, word) });
      }
    }
    return lookups;
  }

  /**
   * Titles and channels that may match any of the readings (the answer of queries.ts findCandidates):
   * the best CANDIDATE_LIMIT of each kind by coarse score (the best over the readings), then rating,
   * then id.
   */
  findCandidates(readings: readonly ReadingPlan[]): SearchCandidate[] {
    if (readings.length === 0) return [];
    const stamp = this.nextStamp();
    // Entries scored one by one (readings of several words, phrases of several short words).
    const scored: number[] = [];
    const raise = (entry: number, score: Score) => {
      if (this.entryStamp[entry] !== stamp) {
        this.entryStamp[entry] = stamp;
        this.bestScore[entry] = 0;
        scored.push(entry);
      }
      if (score > (this.bestScore[entry] as number)) this.bestScore[entry] = score;
    };
    // Whole posting lists whose entries all get one score (one-word readings).
    const lists: ListsByScore = [null, [], [], [], []];
    for (const reading of readings) {
      if (reading.words.length === 0) this.matchPhrase(wordsOf(reading.text), lists, raise);
      else if (reading.words.length === 1) this.listWord(reading.words[0] as WordPlan, lists);
      else this.matchWords(reading.words, raise);
    }
    const chosen = [
      ...this.best(0, this.contentCount, scored, lists, stamp),
      ...this.best(this.contentCount, this.entries.length, scored, lists, stamp),
    ];
    const best = new Float64Array(chosen.length);
    for (const r of readings) {
      const similarityTo = this.similarities.of(r.text);
      chosen.forEach((entry, i) => {
        best[i] = Math.max(best[i] as number, similarityTo(entry));
      });
    }
    return chosen.map((index, i) => {
      const entry = this.entries[index] as IndexedEntry;
      // Normalised on a title's first time among the candidates, then kept (a tenth of a cold search).
      entry.names ??= normalizedNames([entry.title, entry.originalTitle ?? '']);
      // Field by field: copying these 200 objects by object rest and spread was a third of a cold search.
      return {
        type: entry.type,
        id: entry.id,
        title: entry.title,
        originalTitle: entry.originalTitle,
        year: entry.year,
        imageUrl: entry.imageUrl,
        stickerImageUrl: entry.stickerImageUrl,
        rating: entry.rating,
        similarity: best[i] as number,
        names: entry.names,
      };
    });
  }

  /**
   * The best CANDIDATE_LIMIT entries in [from, to) (one kind), score by score, in rank order. Each
   * list is sorted, so an entry beyond a list's first CANDIDATE_LIMIT of the kind has at least as many
   * better ones of the same score before it: only those are read.
   */
  private best(from: number, to: number, scored: number[], lists: ListsByScore, stamp: number): number[] {
    const chosen: number[] = [];
    for (let score = 4; score >= 1 && chosen.length < CANDIDATE_LIMIT; score--) {
      const pool: number[] = [];
      for (const entry of scored) {
        if (entry >= from && entry < to && this.bestScore[entry] === score) pool.push(entry);
      }
      for (const list of lists[score] as Int32Array[]) {
        let i = from === 0 ? 0 : lowerBoundOf(list, from);
        for (let taken = 0; i < list.length && taken < CANDIDATE_LIMIT; i++, taken++) {
          const entry = list[i] as number;
          if (entry >= to) break;
          pool.push(entry);
        }
      }
      const sorted = Int32Array.from(pool).sort();
      for (const entry of sorted) {
        if (chosen.length === CANDIDATE_LIMIT) break;
        if (this.chosenStamp[entry] === stamp) continue;
        this.chosenStamp[entry] = stamp;
        chosen.push(entry);
      }
    }
    return chosen;
  }

  private nextStamp(): number {
    this.stamp = (this.stamp + 1) >>> 0;
    if (this.stamp === 0) {
      for (const a of [this.entryStamp, this.readingStamp, this.chosenStamp, this.wordStamp]) a.fill(0);
      this.stamp = 1;
    }
    return this.stamp;
  }

  /** The vocabulary range of the words starting with `prefix`. */
  private range(prefix: string): [number, number] {
    return [lowerBound(this.vocabulary, prefix), lowerBound(this.vocabulary, prefix + AFTER_PREFIX)];
  }

  private startsAny(word: string): boolean {
    const [lo, hi] = this.range(word);
    return hi > lo;
  }

  private indexOfWord(word: string): number {
    const i = lowerBound(this.vocabulary, word);
    return this.vocabulary[i] === word ? i : -1;
  }

  /** A one-word reading: its prefix range scores 4 (first word) and 3, its alternatives 2 and 1. */
  private listWord(plan: WordPlan, lists: ListsByScore): void {
    const [lo, hi] = this.range(plan.word);
    for (let i = lo; i < hi; i++) {
      lists[4].push(this.firstPostings[i] as Int32Array);
      lists[3].push(this.otherPostings[i] as Int32Array);
    }
    for (const alternative of plan.alternatives) {
      const i = this.indexOfWord(alternative);
      if (i < 0 || alternative.length < POSTED_MIN_LENGTH) continue;
      lists[2].push(this.firstPostings[i] as Int32Array);
      lists[1].push(this.otherPostings[i] as Int32Array);
    }
  }

  /** Postings a word plan reads: its prefix range and its alternatives. */
  private postingCount(plan: WordPlan): number {
    const [lo, hi] = this.range(plan.word);
    let count = (this.postingsBefore[hi] as number) - (this.postingsBefore[lo] as number);
    for (const alternative of plan.alternatives) {
      const i = this.indexOfWord(alternative);
      if (i >= 0) count += (this.postingsBefore[i + 1] as number) - (this.postingsBefore[i] as number);
    }
    return count;
  }

  /** Visits each entry of the words [lo, hi) and of `exact` words once. */
  private visitPostings(lo: number, hi: number, exact: readonly string[], visit: (entry: number) => void) {
    const stamp = this.nextReadingStamp();
    const seen = this.readingStamp;
    // Indexed loops over locals: these two loops are a third of a cold search's CPU at 100 000
    // titles, and for…of over a typed array (an iterator per list) measured slower.
    const each = (list: Int32Array) => {
      for (let k = 0; k < list.length; k++) {
        const entry = list[k] as number;
        if (seen[entry] === stamp) continue;
        seen[entry] = stamp;
        visit(entry);
      }
    };
    for (let i = lo; i < hi; i++) {
      each(this.firstPostings[i] as Int32Array);
      each(this.otherPostings[i] as Int32Array);
    }
    for (const word of exact) {
      const i = this.indexOfWord(word);
      if (i < 0) continue;
      each(this.firstPostings[i] as Int32Array);
      each(this.otherPostings[i] as Int32Array);
    }
  }

  /**
   * Entries where every word of the reading matches: the postings of its most selective word, each
   * scored by the marks the other words' postings left (or, for a word with far more postings than
   * that, by checking the title's own words).
   */
  private matchWords(words: readonly WordPlan[], raise: (entry: number, score: Score) => void): void {
    const counts = words.map((plan) => this.postingCount(plan));
    const fewest = Math.min(...counts);
    if (fewest === 0) return;
    const driver = counts.indexOf(fewest);
    const stamp = this.nextReadingStamp();
    const marked = words.map((plan, j) => {
      if ((counts[j] as number) > fewest * MARK_RATIO) return null;
      const slot = this.slot(j);
      const { stamps, scores } = slot;
      const mark = (list: Int32Array, score: Score) => {
        for (let k = 0; k < list.length; k++) {
          const entry = list[k] as number;
          if (stamps[entry] !== stamp) {
            stamps[entry] = stamp;
            scores[entry] = score;
          } else if (score > (scores[entry] as number)) scores[entry] = score;
        }
      };
      const [lo, hi] = this.range(plan.word);
      for (let i = lo; i < hi; i++) {
        mark(this.firstPostings[i] as Int32Array, 4);
        mark(this.otherPostings[i] as Int32Array, 3);
      }
      for (const alternative of plan.alternatives) {
        const i = this.indexOfWord(alternative);
        if (i < 0 || alternative.length < POSTED_MIN_LENGTH) continue;
        mark(this.firstPostings[i] as Int32Array, 2);
        mark(this.otherPostings[i] as Int32Array, 1);
      }
      return slot;
    });
    const scoreOf = (j: number, entry: number): Score => {
      const slot = marked[j];
      if (!slot) return wordScore(words[j] as WordPlan, this.entryWords[entry] as string[]);
      return slot.stamps[entry] === stamp ? (slot.scores[entry] as Score) : 0;
    };
    const plan = words[driver] as WordPlan;
    const [lo, hi] = this.range(plan.word);
    const alternatives = plan.alternatives.filter((a) => a.length >= POSTED_MIN_LENGTH);
    this.visitPostings(lo, hi, alternatives, (entry) => {
      const head = scoreOf(0, entry);
      if (head === 0) return;
      let lowest = 4;
      for (let j = 1; j < words.length && lowest > 0; j++) lowest = Math.min(lowest, scoreOf(j, entry));
      if (lowest === 0) return;
      // readingMatches in queries.ts: the first word's score, lowered when another matched by an alternative.
      raise(entry, lowest >= 3 ? (head === 4 ? 4 : 3) : head === 4 || head === 2 ? 2 : 1);
    });
  }

  /** Scratch marks of the j-th word of a reading (allocated on first use). */
  private slot(j: number): { scores: Uint8Array; stamps: Uint32Array } {
    while (this.slots.length <= j) {
      this.slots.push({
        scores: new Uint8Array(this.entries.length),
        stamps: new Uint32Array(this.entries.length),
      });
    }
    return this.slots[j] as { scores: Uint8Array; stamps: Uint32Array };
  }

  private readonly slots: Array<{ scores: Uint8Array; stamps: Uint32Array }> = [];

  private readingStampValue = 0;

  private nextReadingStamp(): number {
    this.readingStampValue = (this.readingStampValue + 1) >>> 0;
    if (this.readingStampValue === 0) {
      this.readingStamp.fill(0);
      for (const slot of this.slots) slot.stamps.fill(0);
      this.readingStampValue = 1;
    }
    return this.readingStampValue;
  }

  /**
   * A reading of short words only: the text (4) or one of its words (3) starts with the phrase. One
   * word is a prefix range; several start with an exact word, checked on each title's words.
   */
  private matchPhrase(
    phrase: readonly string[],
    lists: ListsByScore,
    raise: (entry: number, score: Score) => void,
  ): void {
    const [head, ...rest] = phrase as [string, ...string[]];
    if (rest.length === 0) {
      const [lo, hi] = this.range(head);
      for (let i = lo; i < hi; i++) {
        lists[4].push(this.firstPostings[i] as Int32Array);
        lists[3].push(this.otherPostings[i] as Int32Array);
      }
      return;
    }
    const i = this.indexOfWord(head);
    if (i < 0) return;
    this.visitPostings(i, i + 1, [], (entry) => {
      const score = phraseScore(phrase, this.entryWords[entry] as string[]);
      if (score > 0) raise(entry, score);
    });
  }

  /** The NEIGHBOURS_PER_WORD vocabulary words nearest to `word` by trigram similarity, nearest first. */
  private nearest(word: string): Array<{ word: string; similarity: number }> {
    const stamp = this.nextStamp();
    const wanted = new Set(trigramsOf(word));
    const touched: number[] = [];
    for (const t of wanted) {
      const list = this.trigramWords.get(t);
      if (!list) continue;
      for (const w of list) {
        if (this.wordStamp[w] !== stamp) {
          this.wordStamp[w] = stamp;
          this.sharedTrigrams[w] = 0;
          touched.push(w);
        }
        this.sharedTrigrams[w] = (this.sharedTrigrams[w] as number) + 1;
      }
    }
    const top: Array<{ word: string; similarity: number }> = [];
    for (const w of touched) {
      const shared = this.sharedTrigrams[w] as number;
      const score = Math.fround(shared / (wanted.size + (this.trigramCounts[w] as number) - shared));
      const candidate = this.vocabulary[w] as string;
      if (top.length === NEIGHBOURS_PER_WORD) {
        const last = top[top.length - 1] as { word: string; similarity: number };
        if (score < last.similarity || (score === last.similarity && candidate > last.word)) continue;
        top.pop();
      }
      let at = top.length;
      while (at > 0) {
        const before = top[at - 1] as { word: string; similarity: number };
        if (before.similarity > score || (before.similarity === score && before.word < candidate)) break;
        at--;
      }
      top.splice(at, 0, { word: candidate, similarity: score });
    }
    return top;
  }
}

function lowerBoundOf(list: Int32Array, value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
