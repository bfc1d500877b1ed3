import type { Clock } from '../../clock';
import type { CandidateIndex } from './candidate-index';

/** After a failed build, the next one is tried no sooner than this. */
export const BUILD_RETRY_MS = 5000;

/**
 * The candidate index of the current catalogue version, (re)built off the request path: asked for a
 * version it has not built, it starts a build and answers null, and the caller takes the database
 * path until the build is done. A stale index is never answered (search results show an import
 * within the version check's second); one build runs at a time, and a build started before
 * `clear()` is thrown away.
 */
export class LiveIndex {
  private built: { version: string; index: CandidateIndex } | null = null;
  private building: { version: string; promise: Promise<void> } | null = null;
  /** Bumped by clear(): a build started before it is not kept. */
  private generation = 0;
  private failedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly build: () => Promise<CandidateIndex>,
    private readonly clock: Clock,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /** The index of `version` when built; otherwise null, and its build starts unless one runs. */
  get(version: string): CandidateIndex | null {
    if (this.built?.version === version) return this.built.index;
    // A stale index is dropped at once: the database answers until the new one is ready.
    this.built = null;
    if (!this.building && this.clock.now().getTime() - this.failedAt >= BUILD_RETRY_MS) {
      void this.start(version).catch(() => {});
    }
    return null;
  }

  /** Resolves once the index of `version` is built (building it now if need be); rejects if that fails. */
  async ready(version: string): Promise<CandidateIndex> {
    for (;;) {
      if (this.built?.version === version) return this.built.index;
      await (this.building?.promise ?? this.start(version));
    }
  }

  /** Forgets the index (the catalogue changed); a build under way is not kept. */
  clear(): void {
    this.built = null;
    this.building = null;
    this.generation++;
  }

  private start(version: string): Promise<void> {
    const generation = this.generation;
    const promise = this.build().then(
      (index) => {
        if (generation !== this.generation) return;
        this.built = { version, index };
        this.building = null;
      },
      (error: unknown) => {
        if (generation !== this.generation) return;
        this.building = null;
        this.failedAt = this.clock.now().getTime();
        this.onError(error);
        throw error;
      },
    );
    this.building = { version, promise };
    return promise;
  }
}
