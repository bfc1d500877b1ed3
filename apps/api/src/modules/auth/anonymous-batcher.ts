import type { Clock } from '../../clock';
import { GroupCommit } from '../../db/group-commit';

/**
 * Answers a group of device look-ups (finding or creating the devices' anonymous profiles) at once, in
 * request order. `T` is what one request asks (a device uid, or a device uid and whether to create),
 * `R` what it gets (a profile id, or undefined when none was to be created).
 */
export type AnonymousProfileWriter<T = string, R = number> = (
  requests: readonly T[],
  now: Date,
) => Promise<R[]>;

/**
 * Group commit (src/db/group-commit.ts) for anonymous sign-ups (docs/decisions/002): the device →
 * anonymous profile look-ups (and first-sight inserts) that the device cache could not answer, written
 * a group at a time in one statement.
 */
export class AnonymousProfileBatcher<T = string, R = number> {
  private readonly group: GroupCommit<T, R>;

  constructor(
    write: AnonymousProfileWriter<T, R>,
    clock: Clock,
    /** Statements in flight at once: 1 for PGlite (one connection), a few for a PostgreSQL pool. */
    slots: number,
    maxGroup = 128,
  ) {
    this.group = new GroupCommit((requests) => write(requests, clock.now()), { slots, maxGroup });
  }

  /** The device's anonymous profile; resolves once a created one is committed. */
  profileOf(request: T): Promise<R> {
    return this.group.submit(request);
  }
}
