import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { wordsOf } from './normalize';
import type { QueryVariant } from './query-variants';

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
  /** The best trigram word similarity of a variant to the row's search text (0–1). */
  similarity: number;
}

/** Words this long or longer are looked up with typo tolerance (trigram word similarity). */
export const FUZZY_MIN_WORD_LENGTH = 5;

/**
 * The `pg_trgm.word_similarity_threshold` of the fuzzy condition. One substituted letter in the middle
 * of a 5-letter word leaves 3 of its 6 trigrams and scores about 0.33, so the bar sits just below.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.3;

/** Candidates read per table; the service ranks them and keeps the best. */
export const CANDIDATE_LIMIT = 100;

/** A LIKE pattern matching `text` literally (`%`, `_` and `\` escaped). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Which rows a variant can match, using only conditions the trigram index serves:
 * every word of 3+ letters as a substring (or the whole variant as a word-start phrase when it has
 * none), or, for a variant with a word of 5+ letters, trigram word similarity above the threshold
 * (typos, inflected forms).
 */
function variantCondition(column: SQL, variant: QueryVariant): SQL {
  const words = wordsOf(variant.text);
  const phrase = likeLiteral(variant.text);
  const indexable = words.filter((w) => w.length >= 3);
  const exact =
    indexable.length > 0
      ? sql.join(
          words.map((w) => sql`${column} like ${`%${likeLiteral(w)}%`}`),
          sql` and `,
        )
      : sql`(${column} like ${`${phrase}%`} or ${column} like ${`% ${phrase}%`})`;
  const fuzzy = words.some((w) => w.length >= FUZZY_MIN_WORD_LENGTH);
  return fuzzy ? sql`((${exact}) or ${variant.text} <% ${column})` : sql`(${exact})`;
}

/**
 * A coarse score for ordering candidates before the limit, so the rows the service ranks first are
 * never cut off: 3 = the search text starts with a variant, 2 = one of its words does, otherwise
 * the trigram word similarity (0–1, computed only for those rows).
 */
function coarseScore(column: SQL, variants: readonly QueryVariant[]): SQL {
  const scores = variants.map((v) => {
    const phrase = likeLiteral(v.text);
    return sql`case when ${column} like ${`${phrase}%`} then 3 when ${column} like ${`% ${phrase}%`} then 2 else word_similarity(${v.text}, ${column}) end`;
  });
  return scores.length === 1 ? (scores[0] as SQL) : sql`greatest(${sql.join(scores, sql`, `)})`;
}

function similarity(column: SQL, variants: readonly QueryVariant[]): SQL {
  const scores = variants.map((v) => sql`word_similarity(${v.text}, ${column})`);
  return scores.length === 1 ? (scores[0] as SQL) : sql`greatest(${sql.join(scores, sql`, `)})`;
}

// db.execute() answers differ per driver; both carry `rows` (TOOLCHAIN.md).
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
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

/**
 * The candidate query for the variants (at least one): titles and channels that may match any of them,
 * best coarse matches first, at most CANDIDATE_LIMIT of each. Every query text is a bound parameter.
 * Exported so EXPLAIN can be run on exactly this statement.
 */
export function candidateQuery(variants: readonly QueryVariant[]): SQL {
  const contentText = sql.raw('c.search_text');
  const channelText = sql.raw('ch.search_text');
  const contentWhere = sql.join(
    variants.map((v) => variantCondition(contentText, v)),
    sql` or `,
  );
  const channelWhere = sql.join(
    variants.map((v) => variantCondition(channelText, v)),
    sql` or `,
  );
  // The inner selects pick the candidates by coarse score; similarity and stickers are looked up for
  // those only.
  return sql`
    select m.type, m.id, m.title, m.original_title, m.year, m.image_url, s.image_url as sticker_image_url,
           m.rating, ${similarity(sql.raw('m.search_text'), variants)} as similarity
      from (
        (select 'content' as type, c.id, c.title, c.original_title, c.year, c.poster_url as image_url,
                c.sticker_id, c.rating, c.search_text
           from contents c
          where ${contentWhere}
          order by ${coarseScore(contentText, variants)} desc, c.rating desc, c.id
          limit ${CANDIDATE_LIMIT})
        union all
        (select 'channel' as type, ch.id, ch.name as title, null as original_title, null as year,
                ch.logo_url as image_url, null as sticker_id, 0 as rating, ch.search_text
           from channels ch
          where ${channelWhere}
          order by ${coarseScore(channelText, variants)} desc, ch.id
          limit ${CANDIDATE_LIMIT})
      ) m
      left join stickers s on s.id = m.sticker_id`;
}

/** Sets the fuzzy threshold for the current transaction only (SET LOCAL), so pooled connections keep theirs. */
export async function setFuzzyThreshold(tx: Tx): Promise<void> {
  await tx.execute(
    sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`,
  );
}

/** Titles and channels that may match any of the variants (see candidateQuery). */
export async function findCandidates(db: Db, variants: readonly QueryVariant[]): Promise<SearchCandidate[]> {
  if (variants.length === 0) return [];
  const query = candidateQuery(variants);
  const rows = await db.transaction(async (tx) => {
    await setFuzzyThreshold(tx);
    return rowsOf<CandidateRow>(await tx.execute(query));
  });
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
