import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { VariantKind } from './query-variants';

// The SQL of search. Three indexes (migration 0003_search_indexes) serve it:
// - `search_words`, the vocabulary of the catalogue (kept by triggers), with a "C"-collated btree for
//   prefixes and a trigram GiST index for the words nearest to a mistyped one;
// - a GIN index over `string_to_array(search_text, ' ')` of contents and channels: a query word,
//   expanded to the catalogue words it starts or may stand for, finds rows with `words && array[…]`;
// - trigram indexes on `search_text`, for prefixes too common to expand and for phrases of short words.

/** A title or channel that may match; service.ts decides whether it does and how well. */
export interface SearchCandidate {
  type: 'content' | 'channel';
  id: number;
  title: string;
  originalTitle: string | null;
  year: number | null;
  imageUrl: string | null;
  stickerImageUrl: string | null;
  rating: number;
  /** The best trigram word similarity of a reading to the row's search text (0–1). */
  similarity: number;
}

/** How the candidate query looks for one query word of 3+ characters. */
export interface WordPlan {
  word: string;
  /**
   * Catalogue words it may stand for: those it starts, and its alternatives. Null when it starts more
   * than PREFIX_EXPANSION_LIMIT words: it is then matched as a substring, plus its alternatives.
   */
  words: string[] | null;
  /** Vocabulary words it may stand for by a typo or as another form of the word. */
  alternatives: string[];
}

/** One reading of the query as the candidate query uses it. */
export interface ReadingPlan {
  kind: VariantKind;
  /** The normalised reading. */
  text: string;
  /** Its words of 3+ characters; shorter ones are checked by the service only. */
  words: WordPlan[];
  /** The reading with every word replaced by its best alternative, when there is one. */
  corrected: string | null;
}

/** A query word that starts more vocabulary words than this is matched as a substring instead. */
export const PREFIX_EXPANSION_LIMIT = 200;

/** Vocabulary neighbours read per query word, nearest first (the service then checks edit distances). */
export const NEIGHBOURS_PER_WORD = 20;

/** Candidates read per table; the service ranks them and keeps the best. */
export const CANDIDATE_LIMIT = 100;

/** A LIKE pattern matching `text` literally (`%`, `_` and `\` escaped). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

// db.execute() answers differ per driver; both carry `rows` (TOOLCHAIN.md).
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A text[] of bound parameters (one per element: both drivers take it the same way). */
function textArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

/** What the vocabulary knows of one query word. */
export interface WordLookup {
  /** Vocabulary words starting with it, in code point order, at most PREFIX_EXPANSION_LIMIT + 1. */
  prefixed: string[];
  /** The vocabulary words nearest to it by trigram distance, nearest first. */
  neighbours: Array<{ word: string; similarity: number }>;
}

/** What to ask the vocabulary. */
export interface WordQuestions {
  /** Words (3+ characters) whose prefix expansion is wanted. */
  words: readonly string[];
  /** Words that may be mistyped: their nearest vocabulary words are wanted when they start none. */
  fuzzy: readonly string[];
  /** A word and its stem: vocabulary words starting with the stem may be other forms of the word. */
  stems: ReadonlyArray<{ word: string; stem: string }>;
}

/** Vocabulary words read per stem. */
export const STEM_EXPANSION_LIMIT = 50;

/**
 * One round trip to the vocabulary: the words each of `words` starts (a btree range in "C" order);
 * for each `fuzzy` word that starts none (a typo, most likely) the NEIGHBOURS_PER_WORD nearest words
 * by trigram distance (GiST k-nearest neighbours: no threshold setting needed); and the words each
 * stem starts, as candidate forms («дом» for «дома»). The service keeps the neighbours it accepts.
 */
export async function lookupWords(db: Db, questions: WordQuestions): Promise<Map<string, WordLookup>> {
  const { words, fuzzy, stems } = questions;
  const lookups = new Map<string, WordLookup>();
  for (const w of [...words, ...fuzzy, ...stems.map((s) => s.word)]) {
    lookups.set(w, { prefixed: [], neighbours: [] });
  }
  if (lookups.size === 0) return lookups;
  // Every word starting with w sorts in [w, w || U+10FFFF) in "C" collation.
  const startsWith = (column: SQL, prefix: SQL) =>
    sql`${column} >= (${prefix} collate "C") and ${column} < ((${prefix} || chr(1114111)) collate "C")`;
  const parts: SQL[] = [];
  if (words.length > 0) {
    parts.push(sql`
      select q.w as query, 'prefix' as kind, p.word, 1 as similarity
        from unnest(${textArray(words)}) as q(w)
        cross join lateral (
          select sw.word from search_words sw where ${startsWith(sql.raw('sw.word'), sql.raw('q.w'))}
           order by sw.word limit ${PREFIX_EXPANSION_LIMIT + 1}
        ) p`);
  }
  if (fuzzy.length > 0) {
    parts.push(sql`
      select q.w as query, 'near' as kind, v.word, v.similarity
        from unnest(${textArray(fuzzy)}) as q(w)
        cross join lateral (
          select sw.word, similarity(sw.word, q.w) as similarity
            from search_words sw
           where not exists (select 1 from search_words k where ${startsWith(sql.raw('k.word'), sql.raw('q.w'))})
           order by sw.word <-> q.w
           limit ${NEIGHBOURS_PER_WORD}
        ) v`);
  }
  if (stems.length > 0) {
    parts.push(sql`
      select q.w as query, 'near' as kind, f.word, similarity(f.word, q.w) as similarity
        from unnest(${textArray(stems.map((s) => s.word))}, ${textArray(stems.map((s) => s.stem))}) as q(w, s)
        cross join lateral (
          select sw.word from search_words sw where ${startsWith(sql.raw('sw.word'), sql.raw('q.s'))}
           order by sw.word limit ${STEM_EXPANSION_LIMIT}
        ) f`);
  }
  const rows = rowsOf<{ query: string; kind: 'prefix' | 'near'; word: string; similarity: number | string }>(
    await db.execute(sql.join(parts, sql` union all `)),
  );
  for (const row of rows) {
    const lookup = lookups.get(row.query);
    if (!lookup) continue;
    if (row.kind === 'prefix') lookup.prefixed.push(row.word);
    else lookup.neighbours.push({ word: row.word, similarity: Number(row.similarity) });
  }
  return lookups;
}

function wordsOfColumn(column: SQL): SQL {
  // Must read exactly like the index expression for the planner to use it.
  return sql`string_to_array(${column}, ' ')`;
}

/**
 * Which rows a reading can match, by index only: every word of 3+ characters as one of the catalogue
 * words it stands for (or as a substring, with its alternatives, when it starts too many). A reading
 * without such words must start the text or one of its words as a whole phrase.
 */
function readingCondition(column: SQL, reading: ReadingPlan): SQL {
  if (reading.words.length === 0) {
    const phrase = likeLiteral(reading.text);
    return sql`(${column} like ${`${phrase}%`} or ${column} like ${`% ${phrase}%`})`;
  }
  const conditions = reading.words.map((plan) => {
    if (plan.words !== null) return sql`${wordsOfColumn(column)} && ${textArray(plan.words)}`;
    const substring = sql`${column} like ${`%${likeLiteral(plan.word)}%`}`;
    return plan.alternatives.length === 0
      ? substring
      : sql`(${substring} or ${wordsOfColumn(column)} && ${textArray(plan.alternatives)})`;
  });
  return sql`(${sql.join(conditions, sql` and `)})`;
}

/**
 * A coarse score for ordering candidates before the limit, so the rows the service ranks first are
 * never cut off: 3 = the text starts with a reading (or its correction), 2 = one of its words does,
 * 1 = any other match. Only LIKE tests on the matched rows.
 */
function coarseScore(column: SQL, readings: readonly ReadingPlan[]): SQL {
  const phrases = [...new Set(readings.flatMap((r) => (r.corrected ? [r.text, r.corrected] : [r.text])))];
  const scores = phrases.map((text) => {
    const phrase = likeLiteral(text);
    return sql`case when ${column} like ${`${phrase}%`} then 3 when ${column} like ${`% ${phrase}%`} then 2 else 1 end`;
  });
  return scores.length === 1 ? (scores[0] as SQL) : sql`greatest(${sql.join(scores, sql`, `)})`;
}

function similarity(column: SQL, readings: readonly ReadingPlan[]): SQL {
  const scores = readings.map((r) => sql`word_similarity(${r.text}, ${column})`);
  return scores.length === 1 ? (scores[0] as SQL) : sql`greatest(${sql.join(scores, sql`, `)})`;
}

/**
 * The candidate query for the readings (at least one): titles and channels that may match any of
 * them, best coarse matches first, at most CANDIDATE_LIMIT of each. Every query text is a bound
 * parameter. Exported so EXPLAIN can be run on exactly this statement.
 */
export function candidateQuery(readings: readonly ReadingPlan[]): SQL {
  const contentText = sql.raw('c.search_text');
  const channelText = sql.raw('ch.search_text');
  const where = (column: SQL) =>
    sql.join(
      readings.map((r) => readingCondition(column, r)),
      sql` or `,
    );
  // The inner selects pick the candidates by coarse score; similarity and stickers are looked up for
  // those only.
  return sql`
    select m.type, m.id, m.title, m.original_title, m.year, m.image_url, s.image_url as sticker_image_url,
           m.rating, ${similarity(sql.raw('m.search_text'), readings)} as similarity
      from (
        (select 'content' as type, c.id, c.title, c.original_title, c.year, c.poster_url as image_url,
                c.sticker_id, c.rating, c.search_text
           from contents c
          where ${where(contentText)}
          order by ${coarseScore(contentText, readings)} desc, c.rating desc, c.id
          limit ${CANDIDATE_LIMIT})
        union all
        (select 'channel' as type, ch.id, ch.name as title, null as original_title, null as year,
                ch.logo_url as image_url, null as sticker_id, 0 as rating, ch.search_text
           from channels ch
          where ${where(channelText)}
          order by ${coarseScore(channelText, readings)} desc, ch.id
          limit ${CANDIDATE_LIMIT})
      ) m
      left join stickers s on s.id = m.sticker_id`;
}

interface CandidateRow {
  type: 'content' | 'channel';
  id: number;
  title: string;
  original_title: string | null;
  year: number | null;
  image_url: string | null;
  sticker_image_url: string | null;
  rating: number | string;
  similarity: number | string;
}

/** Titles and channels that may match any of the readings (see candidateQuery). */
export async function findCandidates(db: Db, readings: readonly ReadingPlan[]): Promise<SearchCandidate[]> {
  if (readings.length === 0) return [];
  const rows = rowsOf<CandidateRow>(await db.execute(candidateQuery(readings)));
  return rows.map((row) => ({
    type: row.type,
    id: Number(row.id),
    title: row.title,
    originalTitle: row.original_title,
    year: row.year === null ? null : Number(row.year),
    imageUrl: row.image_url,
    stickerImageUrl: row.sticker_image_url,
    rating: Number(row.rating),
    similarity: Number(row.similarity),
  }));
}
