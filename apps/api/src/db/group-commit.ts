/** Writes a group of requests in one statement and answers each, in request order. */
export type GroupWriter<In, Out> = (items: readonly In[]) => Promise<Out[]>;

interface Waiting<In, Out> {
  item: In;
  resolve(out: Out): void;
  reject(error: unknown): void;
}

/**
 * Group commit (docs/decisions/002): requests wait for the end of the current event-loop turn
 * (setImmediate: every request already read off the sockets has arrived by then) and for a free
 * writer slot, then go together in one statement — one parse, plan and commit for the whole group
 * instead of one each. A lone request waits one loop turn, no timer. The turn matters with PGlite:
 * it runs a statement synchronously on this thread, so writing at once would block the loop before
 * the next request is even read, and no group would ever form. Every caller is answered only after
 * its group committed; if the statement fails, every caller of that group gets the error.
 *
 * `keysOf` names what a request writes that another in the same statement must not (a row a set-based
 * UPDATE may change only once, a unique key): a request sharing a key with one already in the group
 * waits for the next group, in order.
 */
export class GroupCommit<In, Out> {
  private readonly waiting: Array<Waiting<In, Out>> = [];
  private writing = 0;
  private scheduled = false;

  constructor(
    private readonly write: GroupWriter<In, Out>,
    private readonly options: {
      /** Statements in flight at once: 1 for PGlite (one connection), a few for a PostgreSQL pool. */
      slots: number;
      maxGroup?: number;
      keysOf?: (item: In) => readonly string[];
    },
  ) {}

  /** Resolves with the request's answer once its group is committed. */
  submit(item: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
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

  /** The next group: up to maxGroup waiting requests, skipping those whose keys it already holds. */
  private take(): Array<Waiting<In, Out>> {
    const max = this.options.maxGroup ?? 128;
    const keysOf = this.options.keysOf;
    if (!keysOf) return this.waiting.splice(0, max);
    const group: Array<Waiting<In, Out>> = [];
    const held = new Set<string>();
    const left: Array<Waiting<In, Out>> = [];
    for (const w of this.waiting) {
      const keys = keysOf(w.item);
      if (group.length < max && keys.every((k) => !held.has(k))) {
        group.push(w);
        for (const k of keys) held.add(k);
      } else {
        left.push(w);
        // A later request must not overtake an earlier one with the same key.
        for (const k of keys) held.add(k);
      }
    }
    this.waiting.splice(0, this.waiting.length, ...left);
    return group;
  }

  private flush(): void {
    while (this.writing < this.options.slots && this.waiting.length > 0) {
      const group = this.take();
      this.writing++;
      this.write(group.map((w) => w.item))
        .then(
          (answers) => {
            group.forEach((w, i) => {
              w.resolve(answers[i]!);
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
