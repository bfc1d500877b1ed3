import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { normalize } from '../modules/search/normalize';
import type { ResolvedImages } from './images';
import type { Manifest } from './manifest';

/** Advisory lock key of catalogue imports ("kadc"): one import at a time across instances. */
export const CATALOGUE_LOCK_KEY = 0x6b616463;

/** What an import did to one kind of row. */
export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
  deleted: number;
}

/** Kinds of rows an import reports. */
export const COUNTED = [
  'genres',
  'countries',
  'stickers',
  'partner_labels',
  'channels',
  'titles',
  'seasons',
  'episodes',
  'collections',
] as const;
/** One kind of counted row. */
export type Counted = (typeof COUNTED)[number];

/** Result of writing a manifest; `skipped` when `onlyIfEmpty` found a catalogue already there. */
export interface WriteResult {
  skipped: boolean;
  counts: Record<Counted, ImportCounts>;
}

type Row = Record<string, unknown>;
type Column = readonly [name: string, type: string];

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const jsonb = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const list = (names: readonly string[], prefix = '') => sql.raw(names.map((n) => `${prefix}${n}`).join(', '));
const empty = (): ImportCounts => ({ created: 0, updated: 0, unchanged: 0, deleted: 0 });

/** `jsonb_to_recordset(…) as v(col type, …)`: a whole list of rows as one parameter. */
function recordset(rows: readonly Row[], columns: readonly Column[]): SQL {
  const definition = sql.raw(columns.map(([n, t]) => `${n} ${t}`).join(', '));
  return sql`jsonb_to_recordset(${jsonb(rows)}) as v(${definition})`;
}

/** Row comparison that treats nulls as values, and never compares an empty list. */
function distinct(left: string, right: string, columns: readonly string[]): SQL {
  if (columns.length === 0) return sql`false`;
  return sql`row(${list(columns, `${left}.`)}) is distinct from row(${list(columns, `${right}.`)})`;
}

function matchOn(left: string, right: string, columns: readonly string[]): SQL {
  return sql.raw(
    columns.map((c) => `${left}.${c} is not distinct from ${right}.${c}`).join(' and ') || 'true',
  );
}

/**
 * Upserts rows of a table keyed by `key` without touching unchanged rows: inserts the new keys (ids
 * follow the manifest order; no sequence value is spent on existing rows), updates rows whose columns
 * differ, and answers every key's id.
 */
async function upsertKeyed(
  tx: Tx,
  table: string,
  columns: readonly Column[],
  rows: readonly Row[],
  now: string | undefined,
): Promise<{ ids: Map<string, number>; counts: ImportCounts }> {
  const counts = empty();
  if (rows.length === 0) return { ids: new Map(), counts };
  const names = columns.map(([n]) => n);
  const source = recordset(
    rows.map((r, ord) => ({ ...r, ord })),
    [['key', 'text'], ['ord', 'int'], ...columns],
  );
  const t = sql.raw(table);
  const stamp = now !== undefined;
  const inserted = await tx.execute(sql`
    insert into ${t} (key, ${list(names)}${stamp ? sql`, created_at, updated_at` : sql``})
    select v.key, ${list(names, 'v.')}${stamp ? sql`, ${now}::timestamptz, ${now}::timestamptz` : sql``}
    from ${source}
    where not exists (select 1 from ${t} x where x.key = v.key)
    order by v.ord
    returning id`);
  const updated = await tx.execute(sql`
    update ${t} x set (${list(names)}) = row(${list(names, 'v.')})${stamp ? sql`, updated_at = ${now}::timestamptz` : sql``}
    from ${source}
    where x.key = v.key and ${distinct('x', 'v', names)}
    returning x.id`);
  const idRows = rowsOf<{ id: number; key: string }>(
    await tx.execute(
      sql`select id, key from ${t} where key in (select jsonb_array_elements_text(${jsonb(rows.map((r) => r.key))}))`,
    ),
  );
  counts.created = rowsOf(inserted).length;
  counts.updated = rowsOf(updated).length;
  counts.unchanged = rows.length - counts.created - counts.updated;
  return { ids: new Map(idRows.map((r) => [r.key, r.id])), counts };
}

/**
 * Makes the child rows of the given owners exactly `rows`: rows are matched on owner + `keys`, stale
 * ones deleted, changed `values` updated, missing ones inserted (unchanged rows are not touched).
 */
async function reconcileChildren(
  tx: Tx,
  spec: { table: string; owner: Column; keys: readonly Column[]; values: readonly Column[] },
  ownerIds: readonly number[],
  rows: readonly Row[],
): Promise<ImportCounts> {
  const counts = empty();
  if (ownerIds.length === 0) return counts;
  const [owner] = spec.owner;
  const keyNames = spec.keys.map(([n]) => n);
  const valueNames = spec.values.map(([n]) => n);
  const all = [owner, ...keyNames, ...valueNames];
  const source = recordset(
    rows.map((r, ord) => ({ ...r, ord })),
    [spec.owner, ...spec.keys, ...spec.values, ['ord', 'int']],
  );
  const t = sql.raw(spec.table);
  const o = sql.raw(owner);
  const match = sql`x.${o} = v.${o} and ${matchOn('x', 'v', keyNames)}`;
  const deleted = await tx.execute(sql`
    delete from ${t} x
    where x.${o} in (select (jsonb_array_elements_text(${jsonb(ownerIds)}))::int)
      and not exists (select 1 from ${source} where ${match})
    returning 1`);
  const updated =
    valueNames.length === 0
      ? { rows: [] }
      : await tx.execute(sql`
          update ${t} x set (${list(valueNames)}) = row(${list(valueNames, 'v.')})
          from ${source}
          where ${match} and ${distinct('x', 'v', valueNames)}
          returning 1`);
  const inserted =
    rows.length === 0
      ? { rows: [] }
      : await tx.execute(sql`
          insert into ${t} (${list(all)})
          select ${list(all, 'v.')} from ${source}
          where not exists (select 1 from ${t} x where ${match})
          order by v.ord
          returning 1`);
  counts.deleted = rowsOf(deleted).length;
  counts.updated = rowsOf(updated).length;
  counts.created = rowsOf(inserted).length;
  counts.unchanged = rows.length - counts.created - counts.updated;
  return counts;
}

async function prune(tx: Tx, table: string, keys: readonly string[]): Promise<number> {
  const result = await tx.execute(sql`
    delete from ${sql.raw(table)}
    where key not in (select jsonb_array_elements_text(${jsonb(keys)}))
    returning 1`);
  return rowsOf(result).length;
}

const required = <K, V>(map: Map<K, V>, key: K): V => {
  const value = map.get(key);
  if (value === undefined) throw new Error(`catalogue import: no id for ${String(key)}`);
  return value;
};

/** search_text: title and original title in the search module's normal form. */
export const searchTextOf = (...parts: Array<string | undefined>) =>
  normalize(parts.filter(Boolean).join(' '));

/** Whether the catalogue has no titles and no channels. */
export async function catalogueIsEmpty(db: Db | Tx): Promise<boolean> {
  const [row] = rowsOf<{ empty: boolean }>(
    await db.execute(
      sql`select not exists (select 1 from contents) and not exists (select 1 from channels) as empty`,
    ),
  );
  return row?.empty ?? true;
}

/**
 * Writes a validated manifest in one transaction under the catalogue advisory lock: keyed upserts of
 * every entry, reconciliation of each entry's genres, countries, seasons, episodes, tabs and items,
 * and with `prune` the removal of entries the manifest no longer lists. Any failure rolls it all back.
 */
export async function writeCatalogue(
  db: Db,
  manifest: Manifest,
  images: ResolvedImages,
  options: { now: Date; prune?: boolean; onlyIfEmpty?: boolean },
): Promise<WriteResult> {
  const now = options.now.toISOString();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CATALOGUE_LOCK_KEY})`);
    const counts = Object.fromEntries(COUNTED.map((k) => [k, empty()])) as Record<Counted, ImportCounts>;
    if (options.onlyIfEmpty && !(await catalogueIsEmpty(tx))) return { skipped: true, counts };

    const genres = await upsertKeyed(
      tx,
      'genres',
      [['name', 'text']],
      manifest.genres.map((g) => ({ key: g.key, name: g.name })),
      undefined,
    );
    const countries = await upsertKeyed(
      tx,
      'countries',
      [['name', 'text']],
      manifest.countries.map((c) => ({ key: c.key, name: c.name })),
      undefined,
    );
    const stickers = await upsertKeyed(
      tx,
      'stickers',
      [
        ['title', 'text'],
        ['color', 'varchar(7)'],
        ['image_url', 'text'],
      ],
      manifest.stickers.map((s) => ({
        key: s.key,
        title: s.title,
        color: s.color,
        image_url: required(images.stickers, s.key),
      })),
      undefined,
    );
    const labels = await upsertKeyed(
      tx,
      'partner_labels',
      [['title', 'text']],
      manifest.partner_labels.map((p) => ({ key: p.key, title: p.title })),
      undefined,
    );
    counts.genres = genres.counts;
    counts.countries = countries.counts;
    counts.stickers = stickers.counts;
    counts.partner_labels = labels.counts;

    // Packages are never pruned: profiles' holdings refer to them.
    const packs = await upsertKeyed(
      tx,
      'packages',
      [
        ['name', 'text'],
        ['pay_text', 'text'],
        ['cost', 'int'],
      ],
      manifest.packages.map((p) => ({ key: p.key, name: p.name, pay_text: p.pay_text, cost: p.cost })),
      now,
    );
    const defaultPackage = manifest.packages[0]?.key;

    const channels = await upsertKeyed(
      tx,
      'channels',
      [
        ['name', 'text'],
        ['description', 'text'],
        ['logo_url', 'text'],
        ['archive_days', 'smallint'],
        ['search_text', 'text'],
      ],
      manifest.channels.map((c) => ({
        key: c.key,
        name: c.name,
        description: c.description,
        logo_url: required(images.channels, c.key),
        archive_days: c.archive_days,
        search_text: searchTextOf(c.name),
      })),
      now,
    );
    counts.channels = channels.counts;
    await reconcileChildren(
      tx,
      {
        table: 'channel_genres',
        owner: ['channel_id', 'int'],
        keys: [['genre_id', 'int']],
        values: [['position', 'smallint']],
      },
      [...channels.ids.values()],
      manifest.channels.flatMap((c) =>
        c.genres.map((g, position) => ({
          channel_id: required(channels.ids, c.key),
          genre_id: required(genres.ids, g),
          position,
        })),
      ),
    );

    const titles = await upsertKeyed(
      tx,
      'contents',
      [
        ['type', 'content_type'],
        ['title', 'text'],
        ['original_title', 'text'],
        ['description', 'text'],
        ['year', 'smallint'],
        ['age_rating', 'smallint'],
        ['rating', 'numeric(3,1)'],
        ['duration', 'int'],
        ['sticker_id', 'int'],
        ['partner_label_id', 'int'],
        ['is_preview', 'boolean'],
        ['preview_timer', 'int'],
        ['package_id', 'int'],
        ['poster_url', 'text'],
        ['banner_url', 'text'],
        ['wide_poster_url', 'text'],
        ['logotype_url', 'text'],
        ['channel_id', 'int'],
        ['vendor_id', 'text'],
        ['search_text', 'text'],
      ],
      manifest.titles.map((t) => {
        const urls = required(images.titles, t.key);
        const packageKey = t.package ?? defaultPackage;
        return {
          key: t.key,
          type: t.type,
          title: t.title,
          original_title: t.original_title ?? null,
          description: t.description,
          year: t.year ?? null,
          age_rating: t.age_rating,
          rating: t.rating,
          duration: t.duration ?? null,
          sticker_id: t.sticker === undefined ? null : required(stickers.ids, t.sticker),
          partner_label_id: t.partner_label === undefined ? null : required(labels.ids, t.partner_label),
          is_preview: t.is_preview,
          preview_timer: t.preview_timer ?? null,
          package_id: packageKey === undefined ? null : required(packs.ids, packageKey),
          poster_url: urls.poster,
          banner_url: urls.banner,
          wide_poster_url: urls.wide_poster,
          logotype_url: urls.logotype,
          channel_id: t.channel === undefined ? null : required(channels.ids, t.channel),
          vendor_id: t.vendor_id ?? t.key,
          search_text: searchTextOf(t.title, t.original_title),
        };
      }),
      now,
    );
    counts.titles = titles.counts;
    const titleIds = [...titles.ids.values()];
    const titleId = (key: string) => required(titles.ids, key);

    await reconcileChildren(
      tx,
      {
        table: 'content_genres',
        owner: ['content_id', 'int'],
        keys: [['genre_id', 'int']],
        values: [['position', 'smallint']],
      },
      titleIds,
      manifest.titles.flatMap((t) =>
        t.genres.map((g, position) => ({
          content_id: titleId(t.key),
          genre_id: required(genres.ids, g),
          position,
        })),
      ),
    );
    await reconcileChildren(
      tx,
      {
        table: 'content_countries',
        owner: ['content_id', 'int'],
        keys: [['country_id', 'int']],
        values: [['position', 'smallint']],
      },
      titleIds,
      manifest.titles.flatMap((t) =>
        t.countries.map((c, position) => ({
          content_id: titleId(t.key),
          country_id: required(countries.ids, c),
          position,
        })),
      ),
    );

    counts.seasons = await reconcileChildren(
      tx,
      { table: 'seasons', owner: ['content_id', 'int'], keys: [['number', 'smallint']], values: [] },
      titleIds,
      manifest.titles.flatMap((t) =>
        (t.seasons ?? []).map((s) => ({ content_id: titleId(t.key), number: s.number })),
      ),
    );
    const seasonRows = rowsOf<{ id: number; content_id: number; number: number }>(
      await tx.execute(sql`
        select id, content_id, number from seasons
        where content_id in (select (jsonb_array_elements_text(${jsonb(titleIds)}))::int)`),
    );
    const seasonIds = new Map(seasonRows.map((s) => [`${s.content_id}/${s.number}`, s.id]));

    counts.episodes = await reconcileChildren(
      tx,
      {
        table: 'episodes',
        owner: ['content_id', 'int'],
        keys: [
          ['season_id', 'int'],
          ['order_number', 'smallint'],
        ],
        values: [
          ['title', 'text'],
          ['duration', 'int'],
          ['is_announce', 'boolean'],
          ['is_trailer', 'boolean'],
          ['poster_url', 'text'],
        ],
      },
      titleIds,
      manifest.titles.flatMap((t) => {
        const contentId = titleId(t.key);
        const rows: Row[] = (t.seasons ?? []).flatMap((s) =>
          s.episodes.map((e, i) => ({
            content_id: contentId,
            season_id: required(seasonIds, `${contentId}/${s.number}`),
            order_number: i + 1,
            title: e.title,
            duration: e.duration ?? null,
            is_announce: e.announce,
            is_trailer: false,
            poster_url: images.episodes.get(`${t.key}/${s.number}/${i}`) ?? null,
          })),
        );
        if (t.trailer) {
          rows.push({
            content_id: contentId,
            season_id: null,
            order_number: 0,
            title: t.trailer.title,
            duration: t.trailer.duration ?? null,
            is_announce: false,
            is_trailer: true,
            poster_url: null,
          });
        }
        return rows;
      }),
    );

    const collections = await upsertKeyed(
      tx,
      'collections',
      [
        ['title', 'text'],
        ['type', 'collection_type'],
        ['position', 'int'],
      ],
      manifest.collections.map((c, i) => ({
        key: c.key,
        title: c.title,
        type: c.type,
        position: c.position ?? i + 1,
      })),
      now,
    );
    counts.collections = collections.counts;
    const collectionIds = [...collections.ids.values()];
    await reconcileChildren(
      tx,
      {
        table: 'collection_tabs',
        owner: ['collection_id', 'int'],
        keys: [['tab', 'varchar(64)']],
        values: [['position', 'int']],
      },
      collectionIds,
      manifest.collections.flatMap((c, i) =>
        c.tabs.map((tab) => ({
          collection_id: required(collections.ids, c.key),
          tab,
          position: c.position ?? i + 1,
        })),
      ),
    );
    await reconcileChildren(
      tx,
      {
        table: 'collection_items',
        owner: ['collection_id', 'int'],
        keys: [['position', 'int']],
        values: [
          ['content_id', 'int'],
          ['channel_id', 'int'],
        ],
      },
      collectionIds,
      manifest.collections.flatMap((c) =>
        c.items.map((item, position) => ({
          collection_id: required(collections.ids, c.key),
          position,
          content_id: c.type === 'tv_channels' ? null : titleId(item),
          channel_id: c.type === 'tv_channels' ? required(channels.ids, item) : null,
        })),
      ),
    );

    if (options.prune) {
      // Collections first (their items point at titles and channels), lookups last.
      counts.collections.deleted = await prune(
        tx,
        'collections',
        manifest.collections.map((c) => c.key),
      );
      counts.titles.deleted = await prune(
        tx,
        'contents',
        manifest.titles.map((t) => t.key),
      );
      counts.channels.deleted = await prune(
        tx,
        'channels',
        manifest.channels.map((c) => c.key),
      );
      counts.stickers.deleted = await prune(
        tx,
        'stickers',
        manifest.stickers.map((s) => s.key),
      );
      counts.partner_labels.deleted = await prune(
        tx,
        'partner_labels',
        manifest.partner_labels.map((p) => p.key),
      );
      counts.genres.deleted = await prune(
        tx,
        'genres',
        manifest.genres.map((g) => g.key),
      );
      counts.countries.deleted = await prune(
        tx,
        'countries',
        manifest.countries.map((c) => c.key),
      );
    }
    return { skipped: false, counts };
  });
}
