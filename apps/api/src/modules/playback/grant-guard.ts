import type { Clock } from '../../clock';
import type { Grant } from './grants';

/**
 * How long a check's answer is trusted (seconds): the longest a revoked package keeps playing, and
 * the longest another instance that missed a logout keeps serving that session's keys. Every key
 * request of every viewer passes the guard, so it must stay a map look-up on the hot path.
 */
export const GRANT_CHECK_SECONDS = 15;
/**
 * Checks remembered at most, a backstop: entries leave when their period ends (see GrantGuard.sweep),
 * so the map holds one period's new playbacks; were that ever more, the map is emptied (about 200
 * bytes an entry).
 */
export const GRANT_CHECK_CAPACITY = 100_000;

/**
 * Why a genuine, unexpired grant is refused: its session ended, its package is no longer held, or
 * (full playbacks of sold titles, docs/decisions/057) it was stopped from another device or is over
 * the profile's stream limit.
 */
export type GrantRevocation = 'session_ended' | 'not_entitled' | 'stream_stopped' | 'stream_limit';

/** What the guard asks. */
export interface GrantGuardDeps {
  clock: Clock;
  /** Whether the session is live (the database; the session cache first). */
  sessionLive(sessionId: string, profileId: number): Promise<boolean>;
  /** True when this process already knows the session ended (logout here or announced by another). */
  sessionEnded(sessionId: string): boolean;
  /** What entitles the profile to the package now (billing's Entitlements), or null. */
  holding(profileId: number, packageId: number): Promise<{ validUntil: Date | null } | null>;
  /**
   * Keeps a full playback's place under the stream limit (StreamLimit.heartbeat); asked with the other
   * checks, so at most every GRANT_CHECK_SECONDS per playback. None: no limit.
   */
  streamBeat?(sessionId: string, profileId: number): Promise<'ok' | 'stopped' | 'limit'>;
}

interface Entry {
  answer: Promise<'ok' | GrantRevocation>;
  /** ms; the answer is asked again after it, and the entry is swept. */
  until: number;
}

/**
 * Keeps a grant alive only while what it was given for lasts (docs/decisions/022): the session it
 * was issued to, and — for full grants of a sold title — the package. Answers are cached per session
 * and package for GRANT_CHECK_SECONDS (and never past the end of the holding), concurrent checks share
 * one look-up, and an ended session this process heard of is refused at once. Every new playback
 * brings a new key (a new session per anonymous auth), so entries whose period ended are swept: the
 * soak's heap snapshots found 21 000 of them, all stale but a few hundred, after 12 minutes.
 */
export class GrantGuard {
  private readonly checks = new Map<string, Entry>();
  private readonly deps: GrantGuardDeps;

  constructor(deps: GrantGuardDeps) {
    // A plain field, not a parameter property: bench/playback-keys.ts runs this file in Node directly.
    this.deps = deps;
  }

  /** 'ok', or why the grant no longer plays (a title's grant or a channel's: the same four fields). */
  async check(
    grant: Pick<Grant, 'sessionId' | 'profileId' | 'access' | 'packageId'>,
  ): Promise<'ok' | GrantRevocation> {
    if (this.deps.sessionEnded(grant.sessionId)) return 'session_ended';
    const packageId = grant.access === 'full' ? grant.packageId : 0;
    const key = `${grant.sessionId}/${grant.profileId}/${packageId}`;
    const now = this.deps.clock.now().getTime();
    const cached = this.checks.get(key);
    if (cached && cached.until > now) return cached.answer;

    this.sweep(now);
    const entry: Entry = { answer: Promise.resolve('ok'), until: now + GRANT_CHECK_SECONDS * 1000 };
    entry.answer = this.lookUp(grant.sessionId, grant.profileId, packageId).then(({ answer, until }) => {
      entry.until = Math.min(entry.until, until);
      return answer;
    });
    if (this.checks.size >= GRANT_CHECK_CAPACITY) this.checks.clear();
    // Deleted first, so the renewed entry moves to the end: the map stays in the order entries were filled.
    if (cached) this.checks.delete(key);
    this.checks.set(key, entry);
    // A failed look-up (database down) is not remembered: the next request asks again.
    entry.answer.catch(() => {
      if (this.checks.get(key) === entry) this.checks.delete(key);
    });
    return entry.answer;
  }

  /** Checks held now. */
  get size(): number {
    return this.checks.size;
  }

  /**
   * Drops the ended entries at the front: the map is in the order entries were filled, so that is
   * where the periods end first (one filled later with a shorter holding waits until it is at the
   * front, at most a period). Only on a miss: the hot path, a hit, stays one look-up.
   */
  private sweep(now: number): void {
    for (const [key, entry] of this.checks) {
      if (entry.until > now) return;
      this.checks.delete(key);
    }
  }

  /** The answer, and until when it may be trusted (the end of the holding, when sooner). */
  private async lookUp(
    sessionId: string,
    profileId: number,
    packageId: number,
  ): Promise<{ answer: 'ok' | GrantRevocation; until: number }> {
    const [live, holding, stream] = await Promise.all([
      this.deps.sessionLive(sessionId, profileId),
      packageId > 0 ? this.deps.holding(profileId, packageId) : Promise.resolve({ validUntil: null }),
      packageId > 0 && this.deps.streamBeat ? this.deps.streamBeat(sessionId, profileId) : 'ok',
    ]);
    const until = holding?.validUntil?.getTime() ?? Number.POSITIVE_INFINITY;
    if (!live) return { answer: 'session_ended', until };
    if (!holding) return { answer: 'not_entitled', until };
    // Not remembered: a new release may give the place back any moment, and a refused player asks little.
    if (stream !== 'ok')
      return { answer: stream === 'stopped' ? 'stream_stopped' : 'stream_limit', until: 0 };
    return { answer: 'ok', until };
  }
}
