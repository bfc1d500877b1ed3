import { AppError } from '../errors';

/** What a shed call is told: try again in a second (the SPEC client retries a 503 anyway). */
export const SHED_RETRY_AFTER_S = 1;

/** Heavy writes running at once per write slot, unless HEAVY_WRITES_IN_FLIGHT says otherwise. */
export const HEAVY_WRITES_PER_SLOT = 4;
/**
 * One profile's share: one call running, eight waiting — double clicks, a second tab, the overlay's
 * poll and the client's retries wait their turn; a flood is shed from the ninth waiting call on.
 */
export const HEAVY_WRITES_PER_OWNER = { perOwner: 1, perOwnerQueue: 8 } as const;

/** How many heavy writes run and wait at once (HEAVY_WRITES_IN_FLIGHT, HEAVY_WRITES_QUEUE). */
export interface HeavyWriteSettings {
  /** Running at once on this instance: a few per write slot, so other requests find the database free. */
  inFlight: number;
  /** Waiting at once; one more is shed. */
  queue: number;
  /** Running at once for one owner (a profile). */
  perOwner: number;
  /** Waiting at once for one owner; one more is shed. */
  perOwnerQueue: number;
}

interface Waiter {
  work: () => Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface Owner {
  running: number;
  waiting: Waiter[];
}

/**
 * The write slots (core.writeSlots) shared fairly among the callers of heavy writes — calls of many
 * statements and a provider's round trip, such as createPayment (docs/decisions/048). At most
 * `inFlight` run at once, so the database keeps room for everyone else's light requests (PGlite runs
 * one statement at a time for the whole process); at most `perOwner` of one owner, so one profile's
 * flood waits behind its own calls, not in front of others'. A call starts on the event loop's next
 * turn, so the requests read in this one find it running. Waiting calls start in turns, one owner
 * after another (round robin), each owner's in its order. A call that would wait beyond `queue` (or its
 * owner's `perOwnerQueue`) is shed at once with the 503 envelope `service_unavailable` and Retry-After:
 * refusing costs no database work, and a queue that cannot drain in time does not grow.
 */
export class HeavyWrites {
  private readonly owners = new Map<string, Owner>();
  /** Owners with waiting calls, in the order their turns come. */
  private readonly turns: string[] = [];
  private runningCount = 0;
  private waitingCount = 0;

  constructor(private readonly settings: HeavyWriteSettings) {}

  /** Calls running now. */
  get running(): number {
    return this.runningCount;
  }

  /** Calls waiting now. */
  get waiting(): number {
    return this.waitingCount;
  }

  /**
   * Runs `work` for `owner` when a slot and the owner's turn come; rejects with `service_unavailable`
   * (work never started) when it would have to wait beyond the queue's bounds.
   */
  run<T>(owner: string, work: () => Promise<T>): Promise<T> {
    const entry = this.owners.get(owner) ?? { running: 0, waiting: [] };
    this.owners.set(owner, entry);
    const { inFlight, queue, perOwner, perOwnerQueue } = this.settings;
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter = { work, resolve: resolve as (value: unknown) => void, reject };
      if (this.runningCount < inFlight && entry.running < perOwner && entry.waiting.length === 0) {
        this.start(owner, entry, waiter);
        return;
      }
      if (this.waitingCount >= queue || entry.waiting.length >= perOwnerQueue) {
        this.forgetIfIdle(owner, entry);
        reject(new AppError('service_unavailable', { retryAfter: SHED_RETRY_AFTER_S }));
        return;
      }
      entry.waiting.push(waiter);
      this.waitingCount++;
      if (entry.waiting.length === 1) this.turns.push(owner);
    });
  }

  /**
   * Counts the call as running now and starts it on the next turn of the event loop (setImmediate), as
   * group commit writes (db/group-commit.ts): PGlite runs each statement on this thread and answers in
   * microtasks, so a call started at once would run to its end before the other requests already read
   * off the sockets were even looked at — they would never find it running, never wait or be shed, and a
   * viewer's request would wait behind every flooding one read in the same turn (bench/payment-flood.ts
   * found exactly that).
   */
  private start(owner: string, entry: Owner, waiter: Waiter): void {
    this.runningCount++;
    entry.running++;
    const nextTurn = new Promise((resolve) => setImmediate(resolve));
    nextTurn
      .then(waiter.work)
      .then(waiter.resolve, waiter.reject)
      .finally(() => {
        this.runningCount--;
        entry.running--;
        this.forgetIfIdle(owner, entry);
        this.next();
      });
  }

  /** Starts waiting calls while slots are free: the first owner in turn whose own bound allows one. */
  private next(): void {
    while (this.runningCount < this.settings.inFlight) {
      const at = this.turns.findIndex((owner) => this.owners.get(owner)!.running < this.settings.perOwner);
      if (at < 0) return;
      const owner = this.turns.splice(at, 1)[0]!;
      const entry = this.owners.get(owner)!;
      const waiter = entry.waiting.shift()!;
      this.waitingCount--;
      // Its next call waits for the owner's next turn, behind the owners already waiting.
      if (entry.waiting.length > 0) this.turns.push(owner);
      this.start(owner, entry, waiter);
    }
  }

  private forgetIfIdle(owner: string, entry: Owner): void {
    if (entry.running === 0 && entry.waiting.length === 0) this.owners.delete(owner);
  }
}
