import { id as catalogueId } from '@kadr/api-contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { embedSwitches } from '../../db/schema';

/**
 * How the status and flag calls and `embed:switch --content` name a content: the config route's kind
 * and id, `film-42`, `series-7` (series and shows), `channel-3` (a TV channel's tv_channel_id).
 * `global` is the row every content falls back to (docs/decisions/033-embed-configs.md).
 */
export const CONTENT_NAME = /^(film|series|channel)-([1-9]\d{0,9})$/;
export const GLOBAL_SCOPE = 'global';

/** A scope's own settings; null: not set here. */
export interface SwitchRow {
  locked: boolean | null;
  reserveUrl: string | null;
}

/** What the light service is told for a content (or for all, with no content). */
export interface SwitchState {
  lock: boolean;
  reserveUrl: string | null;
}

/** Whether `name` is a valid content name (its id fits the catalogue's 32-bit ids). */
export function isContentName(name: string): boolean {
  const match = CONTENT_NAME.exec(name);
  return match !== null && catalogueId.safeParse(Number(match[2])).success;
}

/** A reserve config URL as the operator may name it: absolute http or https, nothing else. */
export function reserveUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `"${value}" is not an absolute URL`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `"${value}" is not an http or https URL`;
  return undefined;
}

/**
 * The state for `content` (a valid content name) or for all (undefined): each setting from the
 * content's own row, else the global row, else no lock and no reserve URL.
 */
export async function switchState(db: Db, content: string | undefined): Promise<SwitchState> {
  const scopes = content === undefined ? [GLOBAL_SCOPE] : [content, GLOBAL_SCOPE];
  const rows = await db
    .select({
      scope: embedSwitches.scope,
      locked: embedSwitches.locked,
      reserveUrl: embedSwitches.reserveUrl,
    })
    .from(embedSwitches)
    .where(inArray(embedSwitches.scope, scopes));
  const own = rows.find((row) => row.scope === content);
  const global = rows.find((row) => row.scope === GLOBAL_SCOPE);
  return {
    lock: own?.locked ?? global?.locked ?? false,
    reserveUrl: own?.reserveUrl ?? global?.reserveUrl ?? null,
  };
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
