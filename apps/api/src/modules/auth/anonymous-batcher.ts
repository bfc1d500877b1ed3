import type { Clock } from '../../clock';
import { GroupCommit } from '../../db/group-commit';

/** Finds or creates the anonymous profiles of a group of devices in one statement, in request order. */
export type AnonymousProfileWriter = (deviceUids: readonly string[], now: Date) => Promise<number[]>;

/**
 * Group commit (src/db/group-commit.ts) for anonymous sign-ups (docs/decisions/002): the device →
 * anonymous profile look-ups (and first-sight inserts) that the device cache could not answer, written
 * a group at a time in one statement.
 */
export class AnonymousProfileBatcher {
  private readonly group: GroupCommit<string, number>;

  constructor(
    write: AnonymousProfileWriter,
    clock: Clock,
    /** Statements in flight at once: 1 for PGlite (one connection), a few for a PostgreSQL pool. */
    slots: number,
    maxGroup = 128,
  ) {
    this.group = new GroupCommit((deviceUids) => write(deviceUids, clock.now()), { slots, maxGroup });
  }

  /** The device's anonymous profile; resolves once a created one is committed. */
  profileOf(deviceUid: string): Promise<number> {
    return this.group.submit(deviceUid);
  }
}
