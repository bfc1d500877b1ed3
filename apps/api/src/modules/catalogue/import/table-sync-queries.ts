import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../../db/client';

// Set-based SQL that makes a table hold given rows, each list sent as one jsonb parameter so a
// statement's cost does not grow with its text. It knows nothing of the catalogue; write-queries.ts does.

/** What an import did to one kind of row. */
export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
  deleted: number;
}

/** A row to write: column name → value (`key` for keyed tables). */
export type Row = Record<string, unknown>;
/** A column and its SQL type, as jsonb_to_recordset needs it. */
export type Column = readonly [name: string, type: string];
/** Ids of a keyed table's rows by key, and what an upsert did to them. */
export interface KeyedRows {
  ids: Map<string, number>;
  counts: ImportCounts;
}

/** Nothing done yet. */
export const emptyCounts = (): ImportCounts => ({ created: 0, updated: 0, unchanged: 0, deleted: 0 });

const jsonb = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const list = (names: readonly string[], prefix = '') => sql.raw(names.map((n) => `${prefix}${n}`).join(', '));
const numbered = (rows: readonly Row[]) => rows.map((r, ord) => ({ ...r, ord }));

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

/** `select (ids)::int`: an id list as a subquery. */
const idList = (ids: readonly number[]) => sql`select (jsonb_array_elements_text(${jsonb(ids)}))::int`;
/** `select keys`: a key list as a subquery. */
const keyList = (keys: readonly unknown[]) => sql`select jsonb_array_elements_text(${jsonb(keys)})`;

/**
 * Upserts rows of a table keyed by `key` without touching unchanged rows: inserts the new keys (ids
 * follow the given order; no sequence value is spent on existing rows), updates rows whose columns
 * differ, and answers every key's id. With `now`, created_at/updated_at are stamped with it.
 */
export async function upsertKeyed(
  tx: Tx,
  table: string,
  columns: readonly Column[],
  rows: readonly Row[],
  now?: string,
): Promise<KeyedRows> {
  const counts = emptyCounts();
  if (rows.length === 0) return { ids: new Map(), counts };
  const names = columns.map(([n]) => n);
  const source = recordset(numbered(rows), [['key', 'text'], ['ord', 'int'], ...columns]);
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
    await tx.execute(sql`select id, key from ${t} where key in (${keyList(rows.map((r) => r.key))})`),
  );
  counts.created = rowsOf(inserted).length;
  counts.updated = rowsOf(updated).length;
  counts.unchanged = rows.length - counts.created - counts.updated;
  return { ids: new Map(idRows.map((r) => [r.key, r.id])), counts };
}

/** A child table: rows belong to an owner and are told apart by `keys`; `values` may change. */
export interface ChildTable {
  table: string;
  owner: Column;
  keys: readonly Column[];
  values: readonly Column[];
}

/**
 * Makes the child rows of the given owners exactly `rows`: rows are matched on owner + `keys`, stale
 * ones deleted, changed `values` updated, missing ones inserted (unchanged rows are not touched).
 */
export async function reconcileChildren(
  tx: Tx,
  spec: ChildTable,
  ownerIds: readonly number[],
  rows: readonly Row[],
): Promise<ImportCounts> {
  const counts = emptyCounts();
  if (ownerIds.length === 0) return counts;
  const [owner] = spec.owner;
  const keyNames = spec.keys.map(([n]) => n);
  const valueNames = spec.values.map(([n]) => n);
  const all = [owner, ...keyNames, ...valueNames];
  const source = recordset(numbered(rows), [spec.owner, ...spec.keys, ...spec.values, ['ord', 'int']]);
  const t = sql.raw(spec.table);
  const o = sql.raw(owner);
  const match = sql`x.${o} = v.${o} and ${matchOn('x', 'v', keyNames)}`;
  const deleted = await tx.execute(sql`
    delete from ${t} x
    where x.${o} in (${idList(ownerIds)})
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

/** Deletes the rows of a keyed table whose key is not in `keys`; answers how many went. */
export async function deleteUnlisted(tx: Tx, table: string, keys: readonly string[]): Promise<number> {
  const result = await tx.execute(sql`
    delete from ${sql.raw(table)}
    where key not in (${keyList(keys)})
    returning 1`);
  return rowsOf(result).length;
}

/** Selected columns of the rows whose `column` is one of `ids`. */
export async function selectByIds<T>(
  db: Db | Tx,
  table: string,
  columns: readonly string[],
  column: string,
  ids: readonly number[],
): Promise<T[]> {
  return rowsOf<T>(
    await db.execute(
      sql`select ${list(columns)} from ${sql.raw(table)} where ${sql.raw(column)} in (${idList(ids)})`,
    ),
  );
}
