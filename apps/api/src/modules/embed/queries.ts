import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { contents, embedSwitches } from '../../db/schema';

// What the embed configs, the light service's switches and the playground read and write.

/** A scope's own settings; null: not set here. */
export interface SwitchRow {
  locked: boolean | null;
  reserveUrl: string | null;
}

/** The switch rows of these scopes (those that have one). */
export function switchesOf(db: Db, scopes: string[]) {
  return db
    .select({
      scope: embedSwitches.scope,
      locked: embedSwitches.locked,
      reserveUrl: embedSwitches.reserveUrl,
    })
    .from(embedSwitches)
    .where(inArray(embedSwitches.scope, scopes));
}

/** A scope's own row, or null when it has none. */
export async function switchRow(db: Db, scope: string): Promise<SwitchRow | null> {
  const [row] = await db
    .select({ locked: embedSwitches.locked, reserveUrl: embedSwitches.reserveUrl })
    .from(embedSwitches)
    .where(eq(embedSwitches.scope, scope));
  return row ?? null;
}

/** Sets a scope's settings (those given), making its row if needed. */
export async function setSwitch(db: Db, scope: string, change: Partial<SwitchRow>, now: Date): Promise<void> {
  await db
    .insert(embedSwitches)
    .values({ scope, locked: null, reserveUrl: null, ...change, updatedAt: now })
    .onConflictDoUpdate({ target: embedSwitches.scope, set: { ...change, updatedAt: now } });
}

/** Removes a scope's row (its settings fall back to the global row again); whether it had one. */
export async function clearSwitch(db: Db, scope: string): Promise<boolean> {
  const removed = await db
    .delete(embedSwitches)
    .where(eq(embedSwitches.scope, scope))
    .returning({ scope: embedSwitches.scope });
  return removed.length > 0;
}

/** A title of one of these types, as its config shows it; undefined when there is none. */
export async function titleConfigRow(db: Db, id: number, types: Array<'film' | 'series' | 'tvshow'>) {
  const [row] = await db
    .select({
      id: contents.id,
      type: contents.type,
      title: contents.title,
      posterUrl: contents.posterUrl,
      vendorId: contents.vendorId,
    })
    .from(contents)
    .where(and(eq(contents.id, id), inArray(contents.type, types)));
  return row;
}

/**
 * A channel as its config shows it, with the vendor of the title that sells it (`sold`: it has one);
 * undefined when there is no such channel.
 */
export async function channelConfigRow(db: Db, id: number) {
  const [row] = rowsOf<{
    id: number;
    name: string;
    logo_url: string;
    vendor_id: string | null;
    sold: boolean;
  }>(
    await db.execute(sql`
      select ch.id, ch.name, ch.logo_url, k.vendor_id, k.id is not null as sold
      from channels ch
      left join lateral (
        select id, vendor_id from contents where channel_id = ch.id and type = 'channel' order by id limit 1
      ) k on true
      where ch.id = ${id}`),
  );
  return row;
}

/** Three films and a series or show that have a vendor, in id order. */
export async function exampleTitles(db: Db) {
  return rowsOf<{ id: number; type: string; title: string }>(
    await db.execute(sql`
      (select id, type, title from contents where type = 'film' and vendor_id is not null order by id limit 3)
      union all
      (select id, type, title from contents where type in ('series', 'tvshow') and vendor_id is not null
       order by id limit 1)`),
  );
}

/** The first channel whose title, if it has one, has a vendor. */
export async function exampleChannels(db: Db) {
  return rowsOf<{ id: number; name: string }>(
    await db.execute(sql`
      select ch.id, ch.name from channels ch
      left join lateral (
        select id, vendor_id from contents where channel_id = ch.id and type = 'channel' order by id limit 1
      ) k on true
      where k.id is null or k.vendor_id is not null
      order by ch.id limit 1`),
  );
}
