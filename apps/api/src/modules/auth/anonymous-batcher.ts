import type { Clock } from '../../clock';

/**
 * Answers a group of device look-ups (finding or creating the devices' anonymous profiles) at once, in
 * request order. `T` is what one request asks (a device uid, or a device uid and whether to create),
 * `R` what it gets (a profile id, or undefined when none was to be created).
 */
export type AnonymousProfileWriter<T = string, R = number> = (
  requests: readonly T[],
  now: Date,
) => Promise<R[]>;

interface Waiting<T, R> {
  request: T;
  resolve(answer: R): void;
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
export class AnonymousProfileBatcher<T = string, R = number> {
  private readonly waiting: Waiting<T, R>[] = [];
  private writing = 0;
  private scheduled = false;

  constructor(
    private readonly write: AnonymousProfileWriter<T, R>,
    private readonly clock: Clock,
    /** Statements in flight at once: 1 for PGlite (one connection), a few for a PostgreSQL pool. */
    private readonly slots: number,
    private readonly maxGroup = 128,
  ) {}

  /** The device's anonymous profile; resolves once a created one is committed. */
  profileOf(request: T): Promise<R> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ request, resolve, reject });
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
        group.map((w) => w.request),
        this.clock.now(),
      )
        .then(
          (opened) => {
            group.forEach((w, i) => {
              w.resolve(opened[i] as R);
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
