import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import type { NormalizedNames } from '../catalogue';
import type { IndexedEntry } from './candidate-index';
import type { VariantKind } from './query-variants';

// The SQL of search. Two tables serve it (migrations 0003_search_indexes and 0005_search_postings):
// - `search_words`, the vocabulary of the catalogue (kept by triggers), with a "C"-collated btree for
//   prefixes and a trigram GiST index for the words nearest to a mistyped one;
// - `search_postings`, one row per (word, title or channel) with the title's rating and whether the
//   word comes first, kept by triggers: a query word is a btree range (or a list of typo alternatives)
//   read from the index alone, so a 3-letter prefix matching thousands of titles never reads their rows;
// plus trigram indexes on `search_text`, for phrases of short words only.
// The in-process index (candidate-index.ts) gives the same answers as lookupWords and findCandidates
// without a round trip; these statements answer while it is built, and when SearchOptions.index is
// false. loadEntries reads what the index is built from.

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
  /** Its names in normal form, when the source keeps them (the in-process index); else worked out. */
  names?: NormalizedNames;
}

/** How the candidate query looks for one query word of 3+ characters. */
export interface WordPlan {
  /** The word: catalogue words starting with it match. */
  word: string;
  /** Vocabulary words it may stand for by a typo or as another form of the word; they match too. */
  alternatives: string[];
}

/** One reading of the query as the candidate query uses it. */
export interface ReadingPlan {
  kind: VariantKind;
  /** The normalised reading. */
  text: string;
  /** Its words of 3+ characters; shorter ones are checked by the service only. */
  words: WordPlan[];
}

/** Vocabulary neighbours read per query word, nearest first (the service then checks edit distances). */
export const NEIGHBOURS_PER_WORD = 20;

/** Candidates read per table; the service ranks them and keeps the best. */
export const CANDIDATE_LIMIT = 100;

/** A LIKE pattern matching `text` literally (`%`, `_` and `\` escaped). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

// db.execute() answers differ per driver; both carry `rows` (TOOLCHAIN.md).
/** A text[] of bound parameters (one per element: both drivers take it the same way). */
function textArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

/** A boolean[] of bound parameters. */
function booleanArray(values: readonly boolean[]): SQL {
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::boolean[]`;
}

/** What the vocabulary knows of one query word. */
export interface WordLookup {
  /** Whether some catalogue word starts with it. */
  startsAny: boolean;
  /** The vocabulary words nearest to it by trigram distance, nearest first. */
  neighbours: Array<{ word: string; similarity: number }>;
}

/** What to ask the vocabulary. */
export interface WordQuestions {
  /** Words (3+ characters) to check: does some catalogue word start with them? */
  words: readonly string[];
  /** Words that may be mistyped: their nearest vocabulary words are wanted when they start none. */
  fuzzy: readonly string[];
  /**
   * Those of `fuzzy` the viewer has finished typing (another word follows them): their nearest words
   * are wanted even when they start some. «вечер» in «вечер над» may be a mistyped «ветер» though
   * «вечерний» starts with it; the word being typed is most likely a prefix.
   */
  finished: readonly string[];
  /** A word and its stem: vocabulary words starting with the stem may be other forms of the word. */
  stems: ReadonlyArray<{ word: string; stem: string }>;
}

/** Vocabulary words read per stem. */
export const STEM_EXPANSION_LIMIT = 50;

/**
 * One round trip to the vocabulary: whether each of `words` starts a word (a btree range in "C" order);
 * for each `fuzzy` word that starts none (a typo, most likely), and each `finished` one, the NEIGHBOURS_PER_WORD nearest words
 * by trigram distance (GiST k-nearest neighbours: no threshold setting needed); and the words each
 * stem starts, as candidate forms («дом» for «дома»). The service keeps the neighbours it accepts.
 */
export async function lookupWords(db: Db, questions: WordQuestions): Promise<Map<string, WordLookup>> {
  const { words, fuzzy, stems } = questions;
  const finished = new Set(questions.finished);
  const lookups = new Map<string, WordLookup>();
  for (const w of [...words, ...fuzzy, ...stems.map((s) => s.word)]) {
    lookups.set(w, { startsAny: false, neighbours: [] });
  }
  if (lookups.size === 0) return lookups;
  const parts: SQL[] = [];
  if (words.length > 0) {
    parts.push(sql`
      select q.w as query, 'prefix' as kind, null as word, 1 as similarity
        from unnest(${textArray(words)}) as q(w)
       where exists (select 1 from search_words sw where ${startsWith(sql.raw('sw.word'), sql.raw('q.w'))})`);
  }
  if (fuzzy.length > 0) {
    parts.push(sql`
      select q.w as query, 'near' as kind, v.word, v.similarity
        from unnest(${textArray(fuzzy)}, ${booleanArray(fuzzy.map((w) => finished.has(w)))}) as q(w, finished)
        cross join lateral (
          select sw.word, similarity(sw.word, q.w) as similarity
            from search_words sw
           where q.finished
              or not exists (select 1 from search_words k where ${startsWith(sql.raw('k.word'), sql.raw('q.w'))})
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
  const rows = rowsOf<{
    query: string;
    kind: 'prefix' | 'near';
    word: string | null;
    similarity: number | string;
  }>(await db.execute(sql.join(parts, sql` union all `)));
  for (const row of rows) {
    const lookup = lookups.get(row.query);
    if (!lookup) continue;
    if (row.kind === 'prefix') lookup.startsAny = true;
    else if (row.word !== null)
      lookup.neighbours.push({ word: row.word, similarity: Number(row.similarity) });
  }
  return lookups;
}

// Every word starting with w sorts in [w, w || U+10FFFF) in "C" collation.
function startsWith(column: SQL, prefix: SQL): SQL {
  return sql`${column} >= (${prefix} collate "C") and ${column} < ((${prefix} || chr(1114111)) collate "C")`;
}

/**
 * The entries one query word matches, with a coarse score per entry: 4 = a word starting with it
 * comes first in the entry, 3 = another word starts with it, 2 and 1 the same for a typo alternative.
 * Index ranges and look-ups on search_postings only.
 */
function wordMatches(plan: WordPlan): SQL {
  // LIKE on the "C"-collated column: the planner reads it as an index range and, unlike a range
  // written out, floors its row estimate at one word's share (a written range is estimated at one row,
  // which chose nested loops over thousands of postings).
  const prefix = sql`
    select kind, id, case when first then 4 else 3 end as score, rating from search_postings
     where word like ${`${likeLiteral(plan.word)}%`}`;
  const postings =
    plan.alternatives.length === 0
      ? prefix
      : sql`${prefix}
        union all
        select kind, id, case when first then 2 else 1 end as score, rating from search_postings
         where word = any(${textArray(plan.alternatives)})`;
  return sql`select kind, id, max(score) as score, max(rating) as rating from (${postings}) p group by kind, id`;
}

/**
 * The entries a reading matches with its coarse score. Every word of 3+ characters must match (an
 * index join of the words' entries); the score is the first word's, lowered to 2 or 1 when another
 * word matched only by an alternative. A reading without such words must start the text or one of
 * its words as a whole phrase (trigram indexes on search_text).
 */
function readingMatches(reading: ReadingPlan): SQL {
  if (reading.words.length === 0) {
    const phrase = likeLiteral(reading.text);
    const starts = `${phrase}%`;
    const inside = `% ${phrase}%`;
    return sql`
      select 'c'::"char" as kind, c.id, case when c.search_text like ${starts} then 4 else 3 end as score,
             c.rating::real as rating
        from contents c where c.search_text like ${starts} or c.search_text like ${inside}
      union all
      select 'h'::"char" as kind, ch.id, case when ch.search_text like ${starts} then 4 else 3 end as score,
             0::real as rating
        from channels ch where ch.search_text like ${starts} or ch.search_text like ${inside}`;
  }
  const [first, ...rest] = reading.words as [WordPlan, ...WordPlan[]];
  if (rest.length === 0) return wordMatches(first);
  const joins = rest.map(
    (plan, i) => sql`join (${wordMatches(plan)}) ${sql.raw(`w${i + 1}`)}
      on ${sql.raw(`w${i + 1}`)}.kind = w0.kind and ${sql.raw(`w${i + 1}`)}.id = w0.id`,
  );
  const lowest = sql.raw(`least(${rest.map((_, i) => `w${i + 1}.score`).join(', ')})`);
  return sql`
    select w0.kind, w0.id,
           case when ${lowest} >= 3 then (case when w0.score = 4 then 4 else 3 end)
                else (case when w0.score in (4, 2) then 2 else 1 end) end as score,
           w0.rating
      from (${wordMatches(first)}) w0 ${sql.join(joins, sql` `)}`;
}

function similarity(column: SQL, readings: readonly ReadingPlan[]): SQL {
  const scores = readings.map((r) => sql`word_similarity(${r.text}, ${column})`);
  return scores.length === 1 ? (scores[0] as SQL) : sql`greatest(${sql.join(scores, sql`, `)})`;
}

/**
 * The candidate query for the readings (at least one): titles and channels that may match any of
 * them, best coarse score first, then rating, at most CANDIDATE_LIMIT of each; their rows are read
 * for those only. Every query text is a bound parameter. Exported so EXPLAIN can be run on exactly
 * this statement.
 */
export function candidateQuery(readings: readonly ReadingPlan[]): SQL {
  const matched = sql.join(
    readings.map((r) => sql`(${readingMatches(r)})`),
    sql` union all `,
  );
  const best = (kind: 'c' | 'h') => sql`
    select id, score from best where kind = ${kind}::"char"
     order by score desc, rating desc, id limit ${CANDIDATE_LIMIT}`;
  return sql`
    with best as (
      select kind, id, max(score) as score, max(rating) as rating from (${matched}) m group by kind, id
    )
    select m.type, m.id, m.title, m.original_title, m.year, m.image_url, s.image_url as sticker_image_url,
           m.rating, ${similarity(sql.raw('m.search_text'), readings)} as similarity
      from (
        select 'content' as type, c.id, c.title, c.original_title, c.year, c.poster_url as image_url,
               c.sticker_id, c.rating, c.search_text
          from (${best('c')}) b join contents c on c.id = b.id
        union all
        select 'channel' as type, ch.id, ch.name as title, null as original_title, null as year,
               ch.logo_url as image_url, null as sticker_id, 0 as rating, ch.search_text
          from (${best('h')}) b join channels ch on ch.id = b.id
      ) m
      left join stickers s on s.id = m.sticker_id`;
}

/** What a hint shows of a title or channel, as the database answers it. */
interface HintRow {
  type: 'content' | 'channel';
  id: number;
  title: string;
  original_title: string | null;
  year: number | null;
  image_url: string | null;
  sticker_image_url: string | null;
  rating: number | string;
}

interface CandidateRow extends HintRow {
  similarity: number | string;
}

/** Titles and channels that may match any of the readings (see candidateQuery). */
export async function findCandidates(db: Db, readings: readonly ReadingPlan[]): Promise<SearchCandidate[]> {
  if (readings.length === 0) return [];
  const rows = rowsOf<CandidateRow>(await db.execute(candidateQuery(readings)));
  return rows.map((row) => ({ ...hintOf(row), similarity: Number(row.similarity) }));
}

interface EntryRow extends HintRow {
  search_text: string;
}

/** What a hint shows of a title or channel row, as both the candidate query and the index read it. */
function hintOf(row: HintRow) {
  return {
    type: row.type,
    id: Number(row.id),
    title: row.title,
    originalTitle: row.original_title,
    year: row.year === null ? null : Number(row.year),
    imageUrl: row.image_url,
    stickerImageUrl: row.sticker_image_url,
    rating: Number(row.rating),
  };
}

/** Every title and channel with what a hint shows and its search text, for the in-process index. */
export async function loadEntries(db: Db): Promise<IndexedEntry[]> {
  const rows = rowsOf<EntryRow>(
    await db.execute(sql`
      select 'content' as type, c.id, c.title, c.original_title, c.year, c.poster_url as image_url,
             s.image_url as sticker_image_url, c.rating, c.search_text
        from contents c left join stickers s on s.id = c.sticker_id
      union all
      select 'channel' as type, ch.id, ch.name as title, null as original_title, null as year,
             ch.logo_url as image_url, null as sticker_image_url, 0 as rating, ch.search_text
        from channels ch`),
  );
  return rows.map((row) => ({ ...hintOf(row), searchText: row.search_text }));
}
