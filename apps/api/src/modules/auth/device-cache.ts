import type { Clock } from '../../clock';
import type { SessionCache } from './session-cache';

/** Devices kept at most; the oldest entry goes first. About 8 MB when full. */
export const DEVICE_CACHE_CAPACITY = 50_000;

interface Entry {
  profileId: number;
  filledAt: number;
  expiresAt: number;
}

/**
 * Device uid → its anonymous profile, as this process read it lately, so a repeat anonymous auth
 * needs no database (docs/decisions/002). Trusted for the session cache's TTL, like a session: a
 * sign-in that gives the profile a phone marks it in the session cache (at once here, over the Redis
 * channel elsewhere), and from then on this entry is not used and not filled again; after a lost
 * Redis connection every entry is re-read, like the session cache's live entries.
 */
export class DeviceProfileCache {
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs: number;

  constructor(
    private readonly clock: Clock,
    /** 0 turns the cache off: every anonymous auth reads the database. */
    ttlSeconds: number,
    private readonly sessions: SessionCache,
    private readonly capacity = DEVICE_CACHE_CAPACITY,
  ) {
    this.ttlMs = ttlSeconds * 1000;
  }

  /** The device's anonymous profile, undefined when unknown, stale or signed in since. */
  lookup(deviceUid: string): number | undefined {
    const entry = this.entries.get(deviceUid);
    if (!entry) return undefined;
    if (
      entry.expiresAt <= this.clock.now().getTime() ||
      entry.filledAt <= this.sessions.lastDropped ||
      this.sessions.isAdopted(entry.profileId)
    ) {
      this.entries.delete(deviceUid);
      return undefined;
    }
    return entry.profileId;
  }

  /** Remembers what the database answered for a device. */
  remember(deviceUid: string, profileId: number): void {
    if (this.ttlMs <= 0 || this.sessions.isAdopted(profileId)) return;
    // Re-filled only after expiry, so the insertion order stays nearly least-recently-used (see
    // SessionCache.lookup on why hits do not move entries).
    this.entries.delete(deviceUid);
    const now = this.clock.now().getTime();
    this.entries.set(deviceUid, { profileId, filledAt: now, expiresAt: now + this.ttlMs });
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  /** Entries held. */
  get size(): number {
    return this.entries.size;
  }
}
