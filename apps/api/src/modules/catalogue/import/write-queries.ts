import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../../db/client';
import { normalize } from '../normalize';
import type { ResolvedImages } from './images';
import {
  type CollectionEntry,
  DEFAULT_PAY_TEXT,
  type Manifest,
  type TitleEntry,
  tariffsOf,
} from './manifest';
import {
  deleteUnlisted,
  emptyCounts,
  type ImportCounts,
  type KeyedRows,
  type Row,
  reconcileChildren,
  selectByIds,
  upsertKeyed,
} from './table-sync-queries';

/** Advisory lock key of catalogue imports ("kadc"): one import at a time across instances. */
export const CATALOGUE_LOCK_KEY = 0x6b616463;

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

/** Zero counts for every kind, in COUNTED order. */
export const noCounts = (): Record<Counted, ImportCounts> =>
  Object.fromEntries(COUNTED.map((kind) => [kind, emptyCounts()])) as Record<Counted, ImportCounts>;

/**
 * Keyed entries that `prune` deletes when the manifest no longer lists them: the kind (also the
 * manifest's list) and its table, in deletion order — collections first (their items point at titles
 * and channels), lookups last. Packages are never pruned: profiles' holdings refer to them.
 */
const PRUNED = [
  ['collections', 'collections'],
  ['titles', 'contents'],
  ['channels', 'channels'],
  ['stickers', 'stickers'],
  ['partner_labels', 'partner_labels'],
  ['genres', 'genres'],
  ['countries', 'countries'],
] as const satisfies ReadonlyArray<readonly [Counted & keyof Manifest, string]>;

/** What every step of a write reads: the transaction, the manifest, its image URLs and the time stamp. */
interface Step {
  tx: Tx;
  manifest: Manifest;
  images: ResolvedImages;
  now: string;
}

/** Ids of the rows titles refer to, by key. */
interface TitleRefs {
  genres: Map<string, number>;
  countries: Map<string, number>;
  stickers: Map<string, number>;
  labels: Map<string, number>;
  packages: Map<string, number>;
  channels: Map<string, number>;
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
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CATALOGUE_LOCK_KEY})`);
    if (options.onlyIfEmpty && !(await catalogueIsEmpty(tx))) return { skipped: true, counts: noCounts() };
    const step: Step = { tx, manifest, images, now: options.now.toISOString() };
    // The order matters: each step refers to the ids of the ones before it, and new ids follow it.
    const lookups = await writeLookups(step);
    const packages = await writePackages(step);
    const channels = await writeChannels(step, lookups.genres.ids, options.prune ?? false);
    const titles = await writeTitles(step, {
      genres: lookups.genres.ids,
      countries: lookups.countries.ids,
      stickers: lookups.stickers.ids,
      labels: lookups.partner_labels.ids,
      packages: packages.ids,
      channels: channels.ids,
    });
    const { seasons, episodes } = await writeSeasons(step, titles.ids);
    const collections = await writeCollections(step, titles.ids, channels.ids);
    const counts: Record<Counted, ImportCounts> = {
      genres: lookups.genres.counts,
      countries: lookups.countries.counts,
      stickers: lookups.stickers.counts,
      partner_labels: lookups.partner_labels.counts,
      channels: channels.counts,
      titles: titles.counts,
      seasons,
      episodes,
      collections: collections.counts,
    };
    if (options.prune) await pruneUnlisted(step, counts);
    return { skipped: false, counts };
  });
}

/** Genres, countries, stickers and partner labels: the lookups other entries refer to. */
async function writeLookups({ tx, manifest, images }: Step) {
  const genres = await upsertKeyed(
    tx,
    'genres',
    [['name', 'text']],
    manifest.genres.map((g) => ({ key: g.key, name: g.name })),
  );
  const countries = await upsertKeyed(
    tx,
    'countries',
    [['name', 'text']],
    manifest.countries.map((c) => ({ key: c.key, name: c.name })),
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
  );
  const partner_labels = await upsertKeyed(
    tx,
    'partner_labels',
    [['title', 'text']],
    manifest.partner_labels.map((p) => ({ key: p.key, title: p.title })),
  );
  return { genres, countries, stickers, partner_labels };
}

/**
 * Subscription packages (not counted, never pruned: subscriptions and payments refer to them), their
 * tariffs in order (matched by position) and a parent's children; `pay_text` and `cost` copy the main
 * tariff for the lists.
 */
async function writePackages({ tx, manifest, images, now }: Step): Promise<KeyedRows> {
  const packages = await upsertKeyed(
    tx,
    'packages',
    [
      ['name', 'text'],
      ['pay_text', 'text'],
      ['cost', 'int'],
      ['is_parent', 'boolean'],
      ['short_offer', 'text'],
      ['icon_url', 'text'],
      ['wide_poster_url', 'text'],
      ['hidden', 'boolean'],
      ['position', 'int'],
      ['store', 'varchar(32)'],
    ],
    manifest.packages.map((p, i) => {
      const [main] = tariffsOf(p);
      const urls = required(images.packages, p.key);
      return {
        key: p.key,
        name: p.name,
        pay_text: main?.pay_text ?? DEFAULT_PAY_TEXT,
        cost: main?.cost ?? 0,
        is_parent: (p.children ?? []).length > 0,
        short_offer: p.short_offer,
        icon_url: urls.icon,
        wide_poster_url: urls.wide_poster,
        hidden: p.hidden,
        position: p.position ?? i + 1,
        store: p.store,
      };
    }),
    now,
  );
  const owners = [...packages.ids.values()];
  await reconcileChildren(
    tx,
    {
      table: 'tariffs',
      owner: ['package_id', 'int'],
      keys: [['position', 'smallint']],
      values: [
        ['amount', 'int'],
        ['currency', 'varchar(3)'],
        ['period_months', 'smallint'],
        ['trial_days', 'smallint'],
        ['pay_text', 'text'],
        ['pay_info', 'text'],
        ['texts', 'jsonb'],
      ],
    },
    owners,
    manifest.packages.flatMap((p) =>
      tariffsOf(p).map((t, position) => ({
        package_id: required(packages.ids, p.key),
        position,
        amount: t.cost * 100,
        currency: 'RUB',
        period_months: t.period_months,
        trial_days: t.trial_days,
        pay_text: t.pay_text,
        pay_info: t.pay_info ?? null,
        texts: t.texts,
      })),
    ),
  );
  await reconcileChildren(
    tx,
    {
      table: 'package_children',
      owner: ['parent_id', 'int'],
      keys: [['child_id', 'int']],
      values: [['position', 'smallint']],
    },
    owners,
    manifest.packages.flatMap((p) =>
      (p.children ?? []).map((child, position) => ({
        parent_id: required(packages.ids, p.key),
        child_id: required(packages.ids, child),
        position,
      })),
    ),
  );
  return packages;
}

/**
 * Frees the XMLTV ids the manifest gives to another channel than the one holding them, before the
 * upsert hands them out: the unique index is checked row by row, so two listed channels swapping
 * ids, or one taking the id of a channel `prune` is about to delete, would fail half-way otherwise.
 * An id held by a kept channel the manifest does not list is refused, naming both channels.
 */
async function releaseXmltvIds({ tx, manifest, now }: Step, prune: boolean) {
  const claims = manifest.channels.flatMap((c) =>
    c.xmltv_id === undefined ? [] : [{ key: c.key, xmltv_id: c.xmltv_id }],
  );
  if (claims.length === 0) return;
  const listed = JSON.stringify(manifest.channels.map((c) => c.key));
  const holders = rowsOf<{ key: string; xmltv_id: string; claimed_by: string; listed: boolean }>(
    await tx.execute(sql`
      select ch.key, ch.xmltv_id, v.key as claimed_by,
             ch.key in (select jsonb_array_elements_text(${listed}::jsonb)) as listed
      from channels ch
      join jsonb_to_recordset(${JSON.stringify(claims)}::jsonb) as v(key text, xmltv_id text)
        on ch.xmltv_id = v.xmltv_id and ch.key <> v.key
      order by ch.key`),
  );
  const kept = holders.find((h) => !h.listed && !prune);
  if (kept)
    throw new Error(
      `channel "${kept.claimed_by}": xmltv_id "${kept.xmltv_id}" belongs to channel "${kept.key}", ` +
        'which the manifest does not list (import with --prune to delete it, or list it with another xmltv_id)',
    );
  if (holders.length === 0) return;
  await tx.execute(sql`
    update channels set xmltv_id = null, updated_at = ${now}::timestamptz
    where key in (select jsonb_array_elements_text(${JSON.stringify(holders.map((h) => h.key))}::jsonb))`);
}

/** TV channels and their genres in order. */
async function writeChannels(step: Step, genreIds: Map<string, number>, prune: boolean) {
  const { tx, manifest, images, now } = step;
  await releaseXmltvIds(step, prune);
  const channels = await upsertKeyed(
    tx,
    'channels',
    [
      ['name', 'text'],
      ['description', 'text'],
      ['logo_url', 'text'],
      ['archive_days', 'smallint'],
      ['xmltv_id', 'text'],
      ['search_text', 'text'],
    ],
    manifest.channels.map((c) => ({
      key: c.key,
      name: c.name,
      description: c.description,
      logo_url: required(images.channels, c.key),
      archive_days: c.archive_days,
      xmltv_id: c.xmltv_id ?? null,
      search_text: searchTextOf(c.name),
    })),
    now,
  );
  await writeOrderedLinks(
    tx,
    { table: 'channel_genres', owner: 'channel_id', target: 'genre_id' },
    channels.ids,
    genreIds,
    manifest.channels.map((c) => [c.key, c.genres]),
  );
  return channels;
}

/** Titles (films, series, shows, channel types) and their genres and countries in order. */
async function writeTitles({ tx, manifest, images, now }: Step, refs: TitleRefs) {
  const defaultPackage = manifest.packages[0]?.key;
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
    manifest.titles.map((t) => titleRow(t, refs, images, t.package ?? defaultPackage)),
    now,
  );
  await writeOrderedLinks(
    tx,
    { table: 'content_genres', owner: 'content_id', target: 'genre_id' },
    titles.ids,
    refs.genres,
    manifest.titles.map((t) => [t.key, t.genres]),
  );
  await writeOrderedLinks(
    tx,
    { table: 'content_countries', owner: 'content_id', target: 'country_id' },
    titles.ids,
    refs.countries,
    manifest.titles.map((t) => [t.key, t.countries]),
  );
  return titles;
}

/** One contents row of a title entry. */
function titleRow(
  t: TitleEntry,
  refs: TitleRefs,
  images: ResolvedImages,
  packageKey: string | undefined,
): Row {
  const urls = required(images.titles, t.key);
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
    sticker_id: t.sticker === undefined ? null : required(refs.stickers, t.sticker),
    partner_label_id: t.partner_label === undefined ? null : required(refs.labels, t.partner_label),
    is_preview: t.is_preview,
    preview_timer: t.preview_timer ?? null,
    package_id: packageKey === undefined ? null : required(refs.packages, packageKey),
    poster_url: urls.poster,
    banner_url: urls.banner,
    wide_poster_url: urls.wide_poster,
    logotype_url: urls.logotype,
    channel_id: t.channel === undefined ? null : required(refs.channels, t.channel),
    vendor_id: t.vendor_id ?? t.key,
    search_text: searchTextOf(t.title, t.original_title),
  };
}

/** Each title's seasons, then its episodes and trailer (kept rows keep their ids). */
async function writeSeasons({ tx, manifest, images }: Step, titleIds: Map<string, number>) {
  const owners = [...titleIds.values()];
  const seasons = await reconcileChildren(
    tx,
    { table: 'seasons', owner: ['content_id', 'int'], keys: [['number', 'smallint']], values: [] },
    owners,
    manifest.titles.flatMap((t) =>
      (t.seasons ?? []).map((s) => ({ content_id: required(titleIds, t.key), number: s.number })),
    ),
  );
  const seasonRows = await selectByIds<{ id: number; content_id: number; number: number }>(
    tx,
    'seasons',
    ['id', 'content_id', 'number'],
    'content_id',
    owners,
  );
  const seasonIds = new Map(seasonRows.map((s) => [`${s.content_id}/${s.number}`, s.id]));
  const episodes = await reconcileChildren(
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
    owners,
    manifest.titles.flatMap((t) => episodeRows(t, required(titleIds, t.key), seasonIds, images)),
  );
  return { seasons, episodes };
}

/** The episodes rows of a title: its seasons' episodes numbered from 1, then its trailer as number 0. */
function episodeRows(
  t: TitleEntry,
  contentId: number,
  seasonIds: Map<string, number>,
  images: ResolvedImages,
): Row[] {
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
}

/** Collections, the tabs they show on and their items (titles or channels) in order. */
async function writeCollections(
  { tx, manifest, now }: Step,
  titleIds: Map<string, number>,
  channelIds: Map<string, number>,
) {
  const positionOf = (c: CollectionEntry, i: number) => c.position ?? i + 1;
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
      position: positionOf(c, i),
    })),
    now,
  );
  const owners = [...collections.ids.values()];
  await reconcileChildren(
    tx,
    {
      table: 'collection_tabs',
      owner: ['collection_id', 'int'],
      keys: [['tab', 'varchar(64)']],
      values: [['position', 'int']],
    },
    owners,
    manifest.collections.flatMap((c, i) =>
      c.tabs.map((tab) => ({
        collection_id: required(collections.ids, c.key),
        tab,
        position: positionOf(c, i),
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
    owners,
    manifest.collections.flatMap((c) =>
      c.items.map((item, position) => ({
        collection_id: required(collections.ids, c.key),
        position,
        content_id: c.type === 'tv_channels' ? null : required(titleIds, item),
        channel_id: c.type === 'tv_channels' ? required(channelIds, item) : null,
      })),
    ),
  );
  return collections;
}

/**
 * Makes each owner's ordered links to a lookup (a title's genres, …) exactly the listed keys, the
 * position being the index in the list.
 */
function writeOrderedLinks(
  tx: Tx,
  link: { table: string; owner: string; target: string },
  ownerIds: Map<string, number>,
  targetIds: Map<string, number>,
  lists: ReadonlyArray<readonly [ownerKey: string, targetKeys: readonly string[]]>,
): Promise<ImportCounts> {
  return reconcileChildren(
    tx,
    {
      table: link.table,
      owner: [link.owner, 'int'],
      keys: [[link.target, 'int']],
      values: [['position', 'smallint']],
    },
    [...ownerIds.values()],
    lists.flatMap(([ownerKey, targetKeys]) =>
      targetKeys.map((targetKey, position) => ({
        [link.owner]: required(ownerIds, ownerKey),
        [link.target]: required(targetIds, targetKey),
        position,
      })),
    ),
  );
}

/** Deletes the entries the manifest no longer lists (see PRUNED) and counts them. */
async function pruneUnlisted({ tx, manifest }: Step, counts: Record<Counted, ImportCounts>): Promise<void> {
  for (const [kind, table] of PRUNED) {
    const listed: ReadonlyArray<{ key: string }> = manifest[kind];
    counts[kind].deleted = await deleteUnlisted(
      tx,
      table,
      listed.map((entry) => entry.key),
    );
  }
}
