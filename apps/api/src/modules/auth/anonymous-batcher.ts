import type { Clock } from '../../clock';

/** Finds or creates the anonymous profiles of a group of devices in one statement, in request order. */
export type AnonymousProfileWriter = (deviceUids: readonly string[], now: Date) => Promise<number[]>;

interface Waiting {
  deviceUid: string;
  resolve(profileId: number): void;
  reject(error: unknown): void;
}

/**
 * Group commit for anonymous sign-ups (docs/decisions/002): the device → anonymous profile look-ups
 * (and first-sight inserts) that the device cache could not answer. Requests wait for the end of the current
 * event-loop turn (setImmediate: every request already read off the sockets has arrived by then)
 * and for a free writer slot, then go together in one statement — one parse, plan and commit for
 * the whole group instead of one each. A lone request waits one loop turn, no timer. The turn
 * matters with PGlite: it runs a statement synchronously on this thread, so writing at once would
 * block the loop before the next request is even read, and no group would ever form. Every caller
 * is answered only after its group committed; if the statement fails, every caller of that group
 * gets the error.
 */
export class AnonymousProfileBatcher {
  private readonly waiting: Waiting[] = [];
  private writing = 0;
  private scheduled = false;

  constructor(
    private readonly write: AnonymousProfileWriter,
    private readonly clock: Clock,
    /** Statements in flight at once: 1 for PGlite (one connection), a few for a PostgreSQL pool. */
    private readonly slots: number,
    private readonly maxGroup = 128,
  ) {}

  /** The device's anonymous profile; resolves once a created one is committed. */
  profileOf(deviceUid: string): Promise<number> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ deviceUid, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.writing < this.slots && this.waiting.length > 0) {
      const group = this.waiting.splice(0, this.maxGroup);
      this.writing++;
      this.write(
        group.map((w) => w.deviceUid),
        this.clock.now(),
      )
        .then(
          (opened) => {
            group.forEach((w, i) => {
              w.resolve(opened[i]!);
            });
          },
          (error: unknown) => {
            for (const w of group) w.reject(error);
          },
        )
        .finally(() => {
          this.writing--;
          if (this.waiting.length > 0) this.schedule();
        });
    }
  }
}
