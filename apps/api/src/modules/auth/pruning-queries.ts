import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client';

// The anonymous profile pruner's two statements (anonymous-pruning.ts), run in one transaction.

const idsOf = (result: unknown): number[] => rowsOf<{ id: number }>(result).map((r) => r.id);

/**
 * Locks at most `limit` anonymous profiles not seen since `cutoff` that own nothing
 * (ownsNothingAndIdleSince), least recently seen first, skipping rows another transaction holds.
 */
export async function lockIdleAnonymousProfiles(tx: Tx, cutoff: Date, limit: number): Promise<number[]> {
  return idsOf(
    await tx.execute(sql`
      select p.id from profiles p
      where p.phone is null and p.seen_at < ${cutoff.toISOString()}::timestamptz
        and ${ownsNothingAndIdleSince(cutoff)}
      order by p.seen_at
      limit ${limit}
      for update of p skip locked
    `),
  );
}

/** Deletes those of the profiles `ids` that still own nothing and were idle since `cutoff`; answers their ids. */
export async function deleteIdleAnonymousProfiles(tx: Tx, ids: number[], cutoff: Date): Promise<number[]> {
  return idsOf(
    await tx.execute(sql`
      delete from profiles p
      where p.id = any(${sql.param(ids)}::int[])
        and ${ownsNothingAndIdleSince(cutoff)}
      returning p.id
    `),
  );
}

/**
 * The profile `p` holds nothing a viewer would miss and had no session activity since `cutoff`. Every
 * table with a foreign key to profiles is here or cascades on purpose (devices, sessions and, through
 * them, refresh tokens); `profiles.merged_into_id` only ever names a phone's profile. Each test uses
 * that table's profile_id index.
 */
function ownsNothingAndIdleSince(cutoff: Date) {
  const at = cutoff.toISOString();
  return sql`
    not exists (select 1 from subscriptions x where x.profile_id = p.id)
    and not exists (select 1 from payments x where x.profile_id = p.id)
    and not exists (select 1 from receipts x where x.profile_id = p.id)
    and not exists (select 1 from payment_methods x where x.profile_id = p.id)
    and not exists (select 1 from trial_uses x where x.profile_id = p.id)
    -- A profile signed in through an identity provider has no phone but is someone's (decision 041).
    and not p.identity_linked
    and not exists (
      select 1 from sessions s
      where s.profile_id = p.id
        and (s.created_at >= ${at}::timestamptz
          or exists (select 1 from refresh_tokens r where r.session_id = s.id and r.created_at >= ${at}::timestamptz))
    )
  `;
}
