/** Default window: a player fetches a key per segment (4–6 s), and pauses of a minute still count. */
export const STREAM_WINDOW_MS = 2 * 60 * 1000;

/**
 * Distinct playbacks seen in the last `windowMs`: a playback is a grant's (session, title, episode),
 * touched by every playlist and key request. The map is kept in last-seen order (a touch deletes and
 * re-inserts), so expiring walks only the expired entries at its front: O(1) amortised per touch, and
 * memory bounded by the playbacks of one window whether or not anyone scrapes.
 */
export class ActiveStreams {
  private readonly seen = new Map<string, number>();

  constructor(
    readonly windowMs: number = STREAM_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  touch(key: string): void {
    const now = this.now();
    this.seen.delete(key);
    this.seen.set(key, now);
    this.expire(now);
  }

  count(): number {
    this.expire(this.now());
    return this.seen.size;
  }

  private expire(now: number): void {
    const oldest = now - this.windowMs;
    for (const [key, at] of this.seen) {
      if (at > oldest) return;
      this.seen.delete(key);
    }
  }
}
