import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { deleteIdleAnonymousProfiles, lockIdleAnonymousProfiles } from './pruning-queries';

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
        const candidates = await lockIdleAnonymousProfiles(tx, cutoff, this.batchSize);
        if (candidates.length === 0) return { locked: 0, removed: 0 };
        const gone = await deleteIdleAnonymousProfiles(tx, candidates, cutoff);
        return { locked: candidates.length, removed: gone.length };
      });
      deleted += removed;
      if (locked < this.batchSize) break;
    }
    return deleted;
  }
}
