import type { searchHintItem } from '@kadr/api-contract';
import type { z } from 'zod';
import { type Clock, systemClock } from '../../clock';
import type { Db } from '../../db/client';
import { HintCache } from '../../hint-cache';
import {
  CatalogueChanges,
  CatalogueVersion,
  foldCompatibility,
  type NormalizedNames,
  normalizedNames,
  wordsOf,
} from '../catalogue';
import { CandidateIndex } from './candidate-index';
import { LiveIndex } from './live-index';
import {
  findCandidates,
  loadEntries,
  type ReadingPlan,
  type SearchCandidate,
  type WordLookup,
  type WordPlan,
  type WordQuestions,
} from './queries';
import { type QueryVariant, queryVariants } from './query-variants';
import { WordLookups } from './word-lookups';

/** A hint as searchHint answers it (contract `searchHintItem`). */
export type SearchHint = z.input<typeof searchHintItem>;

/** Hints answered at most. */
export const RESULT_LIMIT = 20;

/** SPEC §3: a first item with id 0 means nothing was found. */
export const NOTHING_FOUND: SearchHint = {
  type: 'content',
  id: 0,
  title: '',
  year: null,
  image_url: null,
  sticker_image_url: null,
};

/** How well a name matches a variant; lower is better. */
export const Tier = {
  /** The title is the query. */
  exact: 0,
  /** The title starts with the query. */
  titlePrefix: 1,
  /** Every query word starts a word of the title (any order). */
  wordPrefix: 2,
  /** Every query word matches a word, some only by a shared stem or within the typo budget. */
  approximate: 3,
} as const;
type TierValue = (typeof Tier)[keyof typeof Tier];

/** A candidate's best match over the variants. */
export interface Match {
  tier: TierValue;
  /** 0 when the query as typed matched, 1 for a layout or transliteration reading. */
  reading: 0 | 1;
  /** Letters changed by typos, summed over the words. */
  edits: number;
}

function scratchRows(width: number): [Int32Array, Int32Array, Int32Array] {
  return [new Int32Array(width), new Int32Array(width), new Int32Array(width)];
}

/**
 * editDistance's three rows, kept between calls: ranking measures thousands of distances per search,
 * and the function is synchronous, so one set serves every call.
 */
let editRows = scratchRows(64);

/**
 * Optimal string alignment distance (Damerau–Levenshtein without repeated edits of one substring):
 * insertions, deletions, substitutions and swaps of neighbours cost 1. Stops early above `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  // Compared by code point; code units are the same thing unless a surrogate pair is in either.
  const s = SURROGATES.test(a) ? [...a] : a;
  const t = SURROGATES.test(b) ? [...b] : b;
  if (Math.abs(s.length - t.length) > max) return max + 1;
  const width = t.length + 1;
  if (editRows[0].length < width) editRows = scratchRows(width * 2);
  let [before, previous, current] = editRows;
  for (let j = 0; j < width; j++) previous[j] = j;
  for (let i = 1; i <= s.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        value = Math.min(value, (before[j - 2] as number) + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    const oldest = before;
    before = previous;
    previous = current;
    current = oldest;
  }
  return previous[t.length] ?? max + 1;
}

const SURROGATES = /[\ud800-\udfff]/;

/** Typos tolerated in a query word: none below 5 letters, 1 up to 8, then 2. */
export function typoBudget(word: string): number {
  const length = SURROGATES.test(word) ? [...word].length : word.length;
  if (length < 5) return 0;
  return length < 9 ? 1 : 2;
}

/** Letters Russian inflectional endings are made of («-ого», «-ами», «-ью», «-ев»…). */
const ENDING_LETTERS = /^[аеиоуыэюяйьмхвг]*$/;

function commonPrefixLength(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/**
 * How a query word matches a title word: 0 = the title word starts with it, n = n typos (against the
 * word or, while typing, against a prefix of about the same length), null = no match. Inflected forms
 * («тихого» for «тихий», «дома» for «дом») count as one edit: a shared stem of 3+ letters that leaves
 * endings of at most 3 letters, made of ending letters, on both words («москва» is not «москит»).
 */
export function wordMatch(query: string, word: string): number | null {
  if (word.startsWith(query)) return 0;
  const stem = commonPrefixLength(query, word);
  const queryEnding = query.slice(stem);
  const wordEnding = word.slice(stem);
  if (
    stem >= 3 &&
    queryEnding.length <= 3 &&
    wordEnding.length <= 3 &&
    ENDING_LETTERS.test(queryEnding) &&
    ENDING_LETTERS.test(wordEnding)
  ) {
    return 1;
  }
  const budget = typoBudget(query);
  if (budget === 0) return null;
  let best: number | null = null;
  const length = query.length;
  // The word and its prefixes of about the query's length (a word being typed), each length once:
  // the lengths come in ascending order, so a repeat is the one before.
  let tried = -1;
  for (const n of [length - 1, length, length + 1, word.length]) {
    const end = Math.min(n, word.length);
    if (end === tried) continue;
    tried = end;
    if (end < length - budget) continue;
    const distance = editDistance(query, end === word.length ? word : word.slice(0, end), budget);
    if (distance <= budget && (best === null || distance < best)) best = distance;
  }
  return best;
}

/** The best match of a variant against a candidate's names (title and original title), or null. */
export function matchNames(variant: QueryVariant, names: readonly string[]): Match | null {
  return matchNormalized(readingOf(variant), normalizedNames(names));
}

/** A variant with its words split once (rank matches it against up to 200 candidates). */
interface Reading {
  variant: QueryVariant;
  words: string[];
}

function readingOf(variant: QueryVariant): Reading {
  return { variant, words: wordsOf(variant.text) };
}

function matchNormalized(
  { variant, words: queryWords }: Reading,
  { names: normalized, words }: NormalizedNames,
): Match | null {
  const reading = variant.kind === 'typed' ? 0 : 1;
  if (normalized.includes(variant.text)) return { tier: Tier.exact, reading, edits: 0 };
  if (normalized.some((n) => n.startsWith(variant.text)))
    return { tier: Tier.titlePrefix, reading, edits: 0 };
  let edits = 0;
  for (const query of queryWords) {
    let best: number | null = null;
    for (const word of words) {
      const m = wordMatch(query, word);
      if (m !== null && (best === null || m < best)) best = m;
      if (best === 0) break;
    }
    if (best === null) return null;
    edits += best;
  }
  return { tier: edits === 0 ? Tier.wordPrefix : Tier.approximate, reading, edits };
}

function better(a: Match, b: Match): boolean {
  if (a.tier !== b.tier) return a.tier < b.tier;
  if (a.reading !== b.reading) return a.reading < b.reading;
  return a.edits < b.edits;
}

interface Ranked {
  candidate: SearchCandidate;
  match: Match;
}

function compare(a: Ranked, b: Ranked): number {
  return (
    a.match.tier - b.match.tier ||
    a.match.reading - b.match.reading ||
    a.match.edits - b.match.edits ||
    b.candidate.similarity - a.candidate.similarity ||
    b.candidate.rating - a.candidate.rating ||
    (b.candidate.year ?? 0) - (a.candidate.year ?? 0) ||
    a.candidate.title.length - b.candidate.title.length ||
    a.candidate.id - b.candidate.id
  );
}

/**
 * Orders candidates for the variants of a query: exact title, then titles starting with the query,
 * then titles with every query word starting a word, then approximate matches (typos, inflections);
 * the query as typed before its layout and transliteration readings; ties by trigram similarity,
 * rating, year. Candidates no reading matches word by word (substring hits, far neighbours) are dropped.
 */
export function rank(
  candidates: readonly SearchCandidate[],
  variants: readonly QueryVariant[],
): SearchCandidate[] {
  const ranked: Ranked[] = [];
  const readings = variants.map(readingOf);
  for (const candidate of candidates) {
    // Normalised once per candidate, not once per reading; the in-process index keeps them per title.
    const names = candidate.names ?? normalizedNames([candidate.title, candidate.originalTitle ?? '']);
    let best: Match | null = null;
    for (const reading of readings) {
      const match = matchNormalized(reading, names);
      if (match && (best === null || better(match, best))) best = match;
    }
    if (best) ranked.push({ candidate, match: best });
  }
  return ranked.sort(compare).map((r) => r.candidate);
}

function hintOf(candidate: SearchCandidate): SearchHint {
  return {
    type: candidate.type,
    id: candidate.id,
    title: candidate.title,
    year: candidate.year,
    image_url: candidate.imageUrl,
    sticker_image_url: candidate.stickerImageUrl,
  };
}

/** Query words this long or longer are looked up in the vocabulary for typos and other forms. */
export const VOCABULARY_MIN_WORD_LENGTH = 4;

/** Alternatives kept per query word, closest first. */
export const ALTERNATIVES_PER_WORD = 5;

/** Query words shorter than this do not narrow the SQL (too many words start with them). */
export const INDEXED_MIN_WORD_LENGTH = 3;

/**
 * The vocabulary words a query word may stand for: neighbours that wordMatch accepts as a typo or
 * another form (not as a plain prefix: the prefix range matches those), fewest edits first.
 */
export function alternativesOf(word: string, lookup: WordLookup | undefined): string[] {
  const scored: Array<{ word: string; edits: number; similarity: number }> = [];
  for (const n of lookup?.neighbours ?? []) {
    const edits = wordMatch(word, n.word);
    if (edits !== null && edits > 0) scored.push({ word: n.word, edits, similarity: n.similarity });
  }
  scored.sort((a, b) => a.edits - b.edits || b.similarity - a.similarity || a.word.localeCompare(b.word));
  return scored.slice(0, ALTERNATIVES_PER_WORD).map((a) => a.word);
}

/**
 * How the candidate query uses one reading, or null when the vocabulary shows it cannot match: one of
 * its words starts no catalogue word and has no alternative.
 */
export function planOf(variant: QueryVariant, lookups: ReadonlyMap<string, WordLookup>): ReadingPlan | null {
  const words: WordPlan[] = [];
  for (const word of wordsOf(variant.text)) {
    if (word.length < INDEXED_MIN_WORD_LENGTH) continue;
    const lookup = lookups.get(word);
    const alternatives = alternativesOf(word, lookup);
    if (!lookup?.startsAny && alternatives.length === 0) return null;
    words.push({ word, alternatives });
  }
  return { kind: variant.kind, text: variant.text, words };
}

/** Letters and digits a reading other than the query as typed needs (as the contract asks of a query). */
export const READING_MIN_CHARS = 3;

const charsOf = (variant: QueryVariant) => variant.text.replaceAll(' ', '').length;

/**
 * The readings worth a look-up: the query as typed always (the first); another reading when it has
 * 3+ letters or digits, or as many as the query as typed and at least two: short words too, «Т-34»
 * typed "n-34" is the layout reading "т 34", «Ух ты» typed "uh ty" the transliteration "ух ты", "t-2"
 * is also "t2". A reading that lost letters to one or two ("т%х" read with the other layout is "n")
 * or of one letter ("k.," transliterated is "к") would be a prefix of too many words.
 */
export function worthReadings(variants: readonly QueryVariant[]): QueryVariant[] {
  const [typed] = variants;
  if (!typed) return [];
  const least = Math.max(2, Math.min(READING_MIN_CHARS, charsOf(typed)));
  return variants.filter((v, i) => i === 0 || charsOf(v) >= least);
}

/**
 * The stem of a word for looking up its other forms: the word without its ending (up to 3 trailing
 * ending letters, keeping 3+ letters), or null when it has none («дома» → «дом», «тихого» → «тих»).
 */
export function stemOf(word: string): string | null {
  let end = word.length;
  while (end > 3 && word.length - end < 3 && ENDING_LETTERS.test(word[end - 1] ?? '')) end--;
  return end < word.length ? word.slice(0, end) : null;
}

/**
 * What the vocabulary is asked for the readings: whether every word of 3+ characters starts a word;
 * typo neighbours and other forms only for the readings a viewer may have mistyped (as typed, and
 * transliterated), not for keyboard-layout readings. Typo neighbours of a word that starts some
 * catalogue word are asked for only when the viewer has finished it (another word follows), or for
 * every word with `everyWordFinished` (the second look when the first found nothing).
 */
export function questionsOf(
  variants: readonly QueryVariant[],
  { everyWordFinished = false }: { everyWordFinished?: boolean } = {},
): WordQuestions {
  const unique = (list: string[]) => [...new Set(list)];
  const words = unique(
    variants.flatMap((v) => wordsOf(v.text)).filter((w) => w.length >= INDEXED_MIN_WORD_LENGTH),
  );
  const mistypable = variants.filter((v) => v.kind !== 'layout').map((v) => wordsOf(v.text));
  const typed = unique(mistypable.flat().filter((w) => w.length >= VOCABULARY_MIN_WORD_LENGTH));
  const finished = unique(
    mistypable
      .flatMap((readingWords) => (everyWordFinished ? readingWords : readingWords.slice(0, -1)))
      .filter((w) => typoBudget(w) > 0),
  );
  const stems = typed.flatMap((word) => {
    const stem = stemOf(word);
    return stem ? [{ word, stem }] : [];
  });
  return { words, fuzzy: typed, finished, stems };
}

/** Tuning of SearchService. */
export interface SearchOptions {
  clock?: Clock;
  /** Answers remembered (0: none). */
  cacheEntries?: number;
  /** How long an answer is remembered. */
  cacheTtlMs?: number;
  /** What the vocabulary answered for a query word, remembered per word (0: none). */
  wordEntries?: number;
  /** The catalogue version answers are remembered under (by default read from `db` about once a second). */
  version?: CatalogueVersion;
  /**
   * Whether searches use the in-process candidate index (default true); false: every search asks the
   * database, as it also does while the index of the current version is being built.
   */
  index?: boolean;
  /** Told when an index build fails (the database path keeps answering; the build is retried). */
  onIndexError?: (error: unknown) => void;
}

/** Search rules: reads a query every way it may have been typed and ranks titles and channels. */
export class SearchService {
  private readonly cache: HintCache<SearchHint[]>;
  private readonly words: WordLookups;
  private readonly changes: CatalogueChanges;
  private readonly version: CatalogueVersion;
  private readonly index: LiveIndex | null;

  constructor(
    private readonly db: Db,
    options: SearchOptions = {},
  ) {
    const clock = options.clock ?? systemClock;
    this.cache = new HintCache(clock, {
      maxEntries: options.cacheEntries ?? 10_000,
      // The catalogue version check forgets answers on import; the TTL only bounds a missed change.
      ttlMs: options.cacheTtlMs ?? 600_000,
    });
    this.words = new WordLookups(db, options.wordEntries ?? 50_000);
    this.version = options.version ?? new CatalogueVersion(db, clock);
    this.changes = new CatalogueChanges(this.version, () => this.forget());
    this.index =
      options.index === false
        ? null
        : new LiveIndex(async () => new CandidateIndex(await loadEntries(db)), clock, options.onIndexError);
  }

  /**
   * Hints for a query, best first; the id-0 item alone when nothing matches (SPEC §3). Answers are
   * remembered until the catalogue version changes (an import) or for cacheTtlMs.
   */
  async hints(query: string): Promise<SearchHint[]> {
    await this.changes.check();
    const version = await this.version.current();
    const key = foldCompatibility(query).toLowerCase().trim().replace(/\s+/g, ' ');
    return this.cache.get(key, () => this.search(query, version));
  }

  /**
   * Resolves once the candidate index of the current catalogue version is built (a warm-up; searches
   * never wait for it). Rejects when the build fails or the service runs without an index.
   */
  async ready(): Promise<CandidateIndex> {
    if (!this.index) throw new Error('search runs without an in-process index');
    await this.changes.check();
    return this.index.ready(await this.version.current());
  }

  /** Forgets remembered answers, words and the index (after a catalogue import, for instance). */
  forget(): void {
    this.cache.clear();
    this.words.clear();
    this.index?.clear();
  }

  private async search(query: string, version: string): Promise<SearchHint[]> {
    const variants = worthReadings(queryVariants(query));
    // A query of punctuation only ("%_%", "!!!") reads as nothing: nothing is found.
    if (variants.length === 0) return [NOTHING_FOUND];
    // The index answers as the database would, without a round trip; the database while it is built.
    const index = this.index?.get(version) ?? null;
    const first = questionsOf(variants);
    let ranked = await this.find(variants, first, index);
    // The word being typed was read as a prefix only. Nothing found: it may be a finished, mistyped
    // word that happens to start another («ветер» typed «вечер», a prefix of «вечерний»).
    if (ranked.length === 0) {
      const second = questionsOf(variants, { everyWordFinished: true });
      if (second.finished.length > first.finished.length) ranked = await this.find(variants, second, index);
    }
    return ranked.length > 0 ? ranked.slice(0, RESULT_LIMIT).map(hintOf) : [NOTHING_FOUND];
  }

  /** The candidates that match a reading of the query, best first. */
  private async find(
    variants: readonly QueryVariant[],
    questions: WordQuestions,
    index: CandidateIndex | null,
  ): Promise<SearchCandidate[]> {
    // Remembered per word whichever answers (the index's answers are the database's): working out
    // neighbours and word forms again was a sixth of a cold search.
    const lookups = await this.words.lookup(questions, index ? (q) => index.lookupWords(q) : undefined);
    const plans = variants.map((v) => planOf(v, lookups)).filter((p): p is ReadingPlan => p !== null);
    // Every reading has a word the catalogue does not know: nothing to look for.
    if (plans.length === 0) return [];
    const candidates = index ? index.findCandidates(plans) : await findCandidates(this.db, plans);
    return rank(candidates, variants);
  }
}
