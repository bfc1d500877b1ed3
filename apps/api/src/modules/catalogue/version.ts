import { type Clock, systemClock } from '../../clock';
import type { Db } from '../../db/client';
import { catalogueVersion } from './queries';

/** How often the version is read again at most (an import shows in cached answers within this). */
export const VERSION_CHECK_MS = 1000;

/**
 * The catalogue's version (table `catalogue_version`, migration 0005): every statement writing what
 * home rails or search answers show bumps it in the writer's transaction, so an import by this
 * process, another instance or the CLI changes it on commit. Read at most once per `checkMs`;
 * concurrent callers share one read.
 */
export class CatalogueVersion {
  private known: { version: string; readAt: number } | null = null;
  private reading: Promise<string> | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
    private readonly checkMs = VERSION_CHECK_MS,
  ) {}

  /** The version as last read, read again when that is older than `checkMs`. */
  current(): Promise<string> {
    const now = this.clock.now().getTime();
    if (this.known && now - this.known.readAt < this.checkMs) return Promise.resolve(this.known.version);
    this.reading ??= this.read(now).finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private async read(now: number): Promise<string> {
    // No row (a database migrated without it is not expected): a constant, so caches still work.
    const version = await catalogueVersion(this.db);
    this.known = { version, readAt: now };
    return version;
  }
}

/**
 * Calls `onChange` before an answer is given from memory if the catalogue changed since the last
 * call: the caches of answers built from the catalogue forget them.
 */
export class CatalogueChanges {
  private seen: string | null = null;

  constructor(
    private readonly version: CatalogueVersion,
    private readonly onChange: () => void,
  ) {}

  /** Resolves once stale answers are forgotten. */
  async check(): Promise<void> {
    const version = await this.version.current();
    if (version !== this.seen) {
      if (this.seen !== null) this.onChange();
      this.seen = version;
    }
  }
}
