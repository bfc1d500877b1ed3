/** Where an outage is told: the app's logger. */
export interface OutageLogger {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/**
 * Logs a dependency's outage once each way: one warn line when it is first seen unavailable, one info
 * line (with how long it lasted) when it is back. Drivers report every failed reconnection and every
 * broken connection (ioredis: one error per retry, up to every 2 s; a pool: one per connection), and
 * a log full of the same line hides what else happened (docs/decisions/025-dependency-recovery.md).
 */
export class OutageLog {
  private since: number | undefined;

  constructor(
    private readonly what: string,
    private readonly log: OutageLogger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether an outage is under way. */
  get down(): boolean {
    return this.since !== undefined;
  }

  /** The dependency failed: logged if it is the first failure of an outage. */
  lost(error: unknown): void {
    if (this.since !== undefined) return;
    this.since = this.now();
    const reason = error instanceof Error ? error.message || error.name : String(error);
    this.log.warn({ reason }, `${this.what} is unavailable: ${reason}`);
  }

  /** The dependency answers again: logged if an outage was under way. */
  restored(): void {
    if (this.since === undefined) return;
    const downMs = this.now() - this.since;
    this.since = undefined;
    this.log.info({ downMs }, `${this.what} is back after ${(downMs / 1000).toFixed(1)} s`);
  }
}
