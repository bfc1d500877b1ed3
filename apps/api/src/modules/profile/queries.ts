import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';

/** Stores the campaign query unless one is stored already; true when this call stored it. */
export async function setUtmOnce(db: Db, id: number, url: string): Promise<boolean> {
  const rows = await db
    .update(profiles)
    .set({ utm: url })
    .where(and(eq(profiles.id, id), isNull(profiles.utm)))
    .returning({ id: profiles.id });
  return rows.length > 0;
}
