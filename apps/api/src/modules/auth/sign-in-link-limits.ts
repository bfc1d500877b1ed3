import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import { hitAll, undoAll } from '../../limits/hit-all';
import type { LimitRule, RateLimiter } from '../../limits/rate-limit';
import { requesterRules } from './network';

const HOUR = 3600;

/** How often sign-in links may be exchanged (authByLink; docs/decisions/046). */
export interface SignInLinkLimitSettings {
  /** Exchanges that did not sign in, per client address per rolling hour (IPv6: per /64). */
  perAddressHour: number;
  /** The same per client subnet (IPv4 /24, IPv6 /48). */
  perSubnetHour: number;
  /** Sign-ins by link into one profile per rolling hour. */
  perProfileHour: number;
}

/** One exchange admitted by the requester's budgets, to be settled by the caller. */
export interface SignInLinkAdmission {
  /** Counts the sign-in into `profileId`; over its budget gives everything back and throws 429. */
  forProfile(profileId: number): Promise<void>;
  /** The profile's count is taken back: nothing was signed in after all (a racing exchange won). */
  notSignedIn(): Promise<void>;
  /** The link signed in: the requester's budgets get the exchange back (only failures spend them). */
  signedIn(): Promise<void>;
}

/**
 * Limits authByLink (docs/decisions/046). Every exchange is counted per client address and subnet
 * before the database is asked, and given back when it signs in: so only unknown, spent or expired
 * values spend the requester's budget (a prober's), never an office's real sign-ins. Each profile gets
 * `perProfileHour` sign-ins by link an hour, counted before the link is spent, so a refused one leaves
 * the link usable once the hour has room.
 */
export class SignInLinkLimits {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    private readonly settings: SignInLinkLimitSettings,
  ) {}

  async admit(ip: string): Promise<SignInLinkAdmission> {
    const { limiter, settings } = this;
    const now = this.clock.now();
    const requester = requesterRules('link', ip, HOUR, {
      perAddress: settings.perAddressHour,
      perSubnet: settings.perSubnetHour,
    });
    const refused = await hitAll(limiter, requester, now);
    if (refused) throw new AppError('rate_limited', { retryAfter: refused.retryAfter });
    let profile: LimitRule | undefined;
    return {
      forProfile: async (profileId) => {
        profile = { key: `link:profile:${profileId}`, windowSeconds: HOUR, limit: settings.perProfileHour };
        const over = await hitAll(limiter, [profile], now);
        if (!over) return;
        profile = undefined;
        await undoAll(limiter, requester, now);
        throw new AppError('rate_limited', { retryAfter: over.retryAfter });
      },
      notSignedIn: async () => {
        if (profile) await limiter.undo(profile, now);
        profile = undefined;
      },
      signedIn: () => undoAll(limiter, requester, now),
    };
  }
}
