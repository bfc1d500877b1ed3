import type { Clock } from '../../clock';
import type { AnonymousSessionRequest } from './queries';

/** Writes a group of anonymous sessions in one statement, answering in request order. */
export type AnonymousSessionWriter = (
  requests: readonly AnonymousSessionRequest[],
  now: Date,
) => Promise<Array<{ sessionId: string; profileId: number }>>;

interface Waiting {
  request: AnonymousSessionRequest;
  resolve(opened: { sessionId: string; profileId: number }): void;
  reject(error: unknown): void;
}

/**
 * Group commit for anonymous sign-ups (docs/decisions/002). A request is written at once when a
 * writer slot is free; requests arriving while all slots are busy wait and then go together in one
 * statement — one parse, plan and commit for the whole group instead of one each. Nothing waits on
 * a timer, so a lone request is as fast as without batching. Every caller is answered only after
 * its group committed; if the statement fails, every caller of that group gets the error.
 */
export class AnonymousSessionBatcher {
  private readonly waiting: Waiting[] = [];
  private writing = 0;

  constructor(
    private readonly write: AnonymousSessionWriter,
    private readonly clock: Clock,
    /** Statements in flight at once: 1 for PGlite (one connection), a few for a PostgreSQL pool. */
    private readonly slots: number,
    private readonly maxGroup = 128,
  ) {}

  /** Opens one anonymous session; resolves once it is committed. */
  open(request: AnonymousSessionRequest): Promise<{ sessionId: string; profileId: number }> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ request, resolve, reject });
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
              w.resolve(opened[i]!);
            });
          },
          (error: unknown) => {
            for (const w of group) w.reject(error);
          },
        )
        .finally(() => {
          this.writing--;
          this.flush();
        });
    }
  }
}
