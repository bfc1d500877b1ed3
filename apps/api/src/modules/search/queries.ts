import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { VariantKind } from './query-variants';

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

/**
 * One reading of the query as the candidate query uses it: each word with the vocabulary words it may
 * stand for (typo corrections, other forms), and whole phrases for the coarse order.
 */
export interface ReadingPlan {
  kind: VariantKind;
  /** The normalised reading. */
  text: string;
  /** Per query word: the word itself first, then its alternatives. */
  words: string[][];
  /** The reading with every word replaced by its best alternative, when there is one. */
  corrected: string | null;
}

/**
 * `pg_trgm.similarity_threshold` for vocabulary look-ups. Swapping two letters in the middle of a
 * 5-letter word leaves 2 of 6 trigrams («тхиий»/«тихий»: 0.2), so the bar sits there; the service then
 * keeps only neighbours within the edit budget.
 */
export const VOCABULARY_SIMILARITY = 0.2;

/** Vocabulary neighbours read per query word (before the edit-distance check). */
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

function textArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

/**
 * Runs `fn` in a transaction whose trigram threshold is the vocabulary one (SET LOCAL: pooled
 * connections keep their defaults once it ends).
 */
export function inSearchTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.similarity_threshold', ${String(VOCABULARY_SIMILARITY)}, true),
                 set_config('enable_seqscan', 'off', true)`,
    );
    return fn(tx);
  });
}

/** A vocabulary word close to a query word. */
export interface Neighbour {
  query: string;
  word: string;
  similarity: number;
}

/**
 * Words of the catalogue (table `search_words`, kept by triggers) that look like each query word by
 * trigram similarity, most similar first, at most NEIGHBOURS_PER_WORD each. The index serves `%`.
 */
export async function wordNeighbours(tx: Tx, words: readonly string[]): Promise<Neighbour[]> {
  if (words.length === 0) return [];
  const rows = rowsOf<{ query: string; word: string; similarity: number | string }>(
    await tx.execute(sql`
      select q.w as query, v.word, v.similarity
        from unnest(${textArray(words)}) as q(w)
        cross join lateral (
          select sw.word, similarity(sw.word, q.w) as similarity
            from search_words sw
           where sw.word % q.w
           order by similarity desc, sw.word
           limit ${NEIGHBOURS_PER_WORD}
        ) v`),
  );
  return rows.map((r) => ({ query: r.query, word: r.word, similarity: Number(r.similarity) }));
}

/**
 * Which rows a reading can match, using only conditions the trigram index serves: every word (or one
 * of its alternatives) as a substring. A reading without a word of 3+ letters has no selective
 * trigram, so it must then start the text or one of its words as a whole phrase.
 */
function readingCondition(column: SQL, reading: ReadingPlan): SQL {
  if (!reading.words.some(([word]) => word !== undefined && word.length >= 3)) {
    const phrase = likeLiteral(reading.text);
    return sql`(${column} like ${`${phrase}%`} or ${column} like ${`% ${phrase}%`})`;
  }
  const words = reading.words.map((alternatives) => {
    const likes = alternatives.map((w) => sql`${column} like ${`%${likeLiteral(w)}%`}`);
    return likes.length === 1 ? (likes[0] as SQL) : sql`(${sql.join(likes, sql` or `)})`;
  });
  return sql`(${sql.join(words, sql` and `)})`;
}

/**
 * A coarse score for ordering candidates before the limit, so the rows the service ranks first are
 * never cut off: 3 = the text starts with a reading (or its correction), 2 = one of its words does,
 * 1 = any other match. Only LIKE tests: cheap on thousands of matches.
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
export async function findCandidates(tx: Tx, readings: readonly ReadingPlan[]): Promise<SearchCandidate[]> {
  if (readings.length === 0) return [];
  const rows = rowsOf<CandidateRow>(await tx.execute(candidateQuery(readings)));
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
