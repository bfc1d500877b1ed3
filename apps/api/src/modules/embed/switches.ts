import { id as catalogueId } from '@kadr/api-contract';
import type { Db } from '../../db/client';
import { switchesOf } from './queries';

/**
 * How the status and flag calls and `embed:switch --content` name a content: the config route's kind
 * and id, `film-42`, `series-7` (series and shows), `channel-3` (a TV channel's tv_channel_id).
 * `global` is the row every content falls back to (docs/decisions/033-embed-configs.md).
 */
export const CONTENT_NAME = /^(film|series|channel)-([1-9]\d{0,9})$/;
export const GLOBAL_SCOPE = 'global';

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
  const rows = await switchesOf(db, scopes);
  const own = rows.find((row) => row.scope === content);
  const global = rows.find((row) => row.scope === GLOBAL_SCOPE);
  return {
    lock: own?.locked ?? global?.locked ?? false,
    reserveUrl: own?.reserveUrl ?? global?.reserveUrl ?? null,
  };
}
