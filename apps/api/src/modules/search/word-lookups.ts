import type { Db } from '../../db/client';
import { lookupWords, type WordLookup, type WordQuestions } from './queries';

/** Asks the vocabulary: the database (one round trip for every question) or the in-process index. */
export type AskVocabulary = (
  questions: WordQuestions,
) => Map<string, WordLookup> | Promise<Map<string, WordLookup>>;

/**
 * What the vocabulary knows of each query word, remembered per word: queries share their words
 * («тих», «тихий», «тихий д», «тихий дом»), so after a few searches most words are known and a
 * search skips the vocabulary round trip. An answer depends on what was asked (typo neighbours and
 * word forms are asked for some readings only), so the question is part of the key. Kept until
 * cleared (the catalogue changed); the least recently used go first beyond `maxEntries`.
 */
export class WordLookups {
  private readonly entries = new Map<string, WordLookup>();
  /** Bumped by clear(): answers to questions asked before are not remembered. */
  private generation = 0;

  constructor(
    db: Db,
    private readonly maxEntries = 50_000,
    private readonly ask: AskVocabulary = (questions) => lookupWords(db, questions),
  ) {}

  /**
   * The answers to `questions` by word (as lookupWords gives them), asking only for the unknown:
   * by default the database, or `ask` (the in-process index, whose answers are the same).
   */
  async lookup(questions: WordQuestions, ask: AskVocabulary = this.ask): Promise<Map<string, WordLookup>> {
    const fuzzy = new Set(questions.fuzzy);
    const finished = new Set(questions.finished);
    const stems = new Map(questions.stems.map((s) => [s.word, s.stem]));
    const keyOf = (word: string) =>
      `${finished.has(word) ? 'F' : fuzzy.has(word) ? 'f' : '-'}${stems.get(word) ?? ''}|${word}`;
    const words = new Set([...questions.words, ...fuzzy, ...stems.keys()]);
    const known = new Map<string, WordLookup>();
    const missing: string[] = [];
    for (const word of words) {
      const key = keyOf(word);
      const hit = this.entries.get(key);
      if (hit) {
        // Re-insert: Map keeps insertion order, so the first key is the least recently used.
        this.entries.delete(key);
        this.entries.set(key, hit);
        known.set(word, hit);
      } else {
        missing.push(word);
      }
    }
    if (missing.length === 0) return known;
    const wanted = new Set(missing);
    const generation = this.generation;
    const answers = await ask({
      words: questions.words.filter((w) => wanted.has(w)),
      fuzzy: questions.fuzzy.filter((w) => wanted.has(w)),
      finished: questions.finished.filter((w) => wanted.has(w)),
      stems: questions.stems.filter((s) => wanted.has(s.word)),
    });
    for (const word of missing) {
      const answer = answers.get(word) ?? { startsAny: false, neighbours: [] };
      known.set(word, answer);
      if (generation === this.generation) this.store(keyOf(word), answer);
    }
    return known;
  }

  /** Forgets every answer (the catalogue changed). */
  clear(): void {
    this.entries.clear();
    this.generation++;
  }

  /** Answers held now. */
  get size(): number {
    return this.entries.size;
  }

  private store(key: string, answer: WordLookup): void {
    if (this.maxEntries <= 0) return;
    this.entries.set(key, answer);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
