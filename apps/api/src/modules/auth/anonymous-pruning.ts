import { sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';

const DAY_MS = 24 * 3600 * 1000;
/** Batches per run at most, so one run stays short; the next run (10 minutes later) goes on. */
const MAX_BATCHES_PER_RUN = 20;

/** What the pruner needs. */
export interface AnonymousProfilePrunerDeps {
  db: Db;
  clock: Clock;
  /** ANONYMOUS_PROFILE_IDLE_DAYS. */
  idleDays: number;
  /** Profiles deleted per transaction. */
  batchSize?: number;
}

/** The ids of a raw statement's rows; both drivers answer `{rows}`. */
function idsOf(result: unknown): number[] {
  return (result as { rows: Array<{ id: number }> }).rows.map((r) => r.id);
}

/**
 * Deletes anonymous profiles that own nothing and were not seen for the idle period: every sign-up
 * that never came back would otherwise stay for good (issue 12, finding 2). Owning is any row that
 * references the profile and matters to a viewer: subscriptions, payments, receipts, saved cards,
 * trials taken. Seen is `profiles.seen_at` (creation, an anonymous auth — marked daily) or a session
 * stored or refreshed since the cut-off. Devices and ended sessions go with the profile (cascade).
 *
 * Safe beside live traffic and other instances: a batch locks its candidates with SKIP LOCKED (a
 * purchase inserting a row for one holds its key-share lock, so it is skipped), then re-checks in a
 * second statement, whose fresh snapshot sees anything committed before the lock was taken. Profiles
 * that own something are read by the index scan but never locked; they are few (they paid).
 */
export class AnonymousProfilePruner {
  private readonly batchSize: number;

  constructor(private readonly deps: AnonymousProfilePrunerDeps) {
    this.batchSize = deps.batchSize ?? 500;
  }

  /** Deletes up to MAX_BATCHES_PER_RUN batches; answers how many profiles were deleted. */
  async run(): Promise<number> {
    const cutoff = new Date(this.deps.clock.now().getTime() - this.deps.idleDays * DAY_MS);
    let deleted = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
      const { locked, removed } = await this.deps.db.transaction(async (tx) => {
        const candidates = idsOf(
          await tx.execute(sql`
            select p.id from profiles p
            where p.phone is null and p.seen_at < ${cutoff.toISOString()}::timestamptz
              and ${ownsNothingAndIdleSince(cutoff)}
            order by p.seen_at
            limit ${this.batchSize}
            for update of p skip locked
          `),
        );
        if (candidates.length === 0) return { locked: 0, removed: 0 };
        const gone = idsOf(
          await tx.execute(sql`
            delete from profiles p
            where p.id = any(${sql.param(candidates)}::int[])
              and ${ownsNothingAndIdleSince(cutoff)}
            returning p.id
          `),
        );
        return { locked: candidates.length, removed: gone.length };
      });
      deleted += removed;
      if (locked < this.batchSize) break;
    }
    return deleted;
  }
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
