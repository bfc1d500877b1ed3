import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import type { LimitRule, RateLimiter } from '../../limits/rate-limit';
import { addressBucket } from './network';

const HOUR = 3600;
const DAY = 24 * HOUR;

/** How many anonymous profiles may be created (docs/decisions/023-edge-hardening.md). */
export interface AnonymousProfileLimitSettings {
  /** New devices (each a new anonymous profile) per client address per hour; IPv6 per /64. */
  perAddressHour: number;
  /** Anonymous profiles one device gets per day: a device gets a new one only after a sign-in took its last. */
  perDeviceDay: number;
}

/**
 * Admits the creation of an anonymous profile, the one write of anonymousAuth: counted per client
 * network and per device in the shared rate limiter, refused with 429 `rate_limited` over a limit.
 * Known devices never come here: a repeat visit costs no count (and usually no database at all).
 */
export class AnonymousProfileLimits {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    private readonly settings: AnonymousProfileLimitSettings,
  ) {}

  /** Counts one profile about to be created for `deviceUid` asked from `ip`; throws when over a limit. */
  async admit(deviceUid: string, ip: string): Promise<void> {
    const now = this.clock.now();
    const rules: LimitRule[] = [
      { key: `anon:ip:${addressBucket(ip)}`, windowSeconds: HOUR, limit: this.settings.perAddressHour },
      { key: `anon:device:${deviceUid}`, windowSeconds: DAY, limit: this.settings.perDeviceDay },
    ];
    const counted: LimitRule[] = [];
    for (const rule of rules) {
      const { count, retryAfter } = await this.limiter.hit(rule, now);
      counted.push(rule);
      if (count > rule.limit) {
        // A refused request creates nothing: it spends no budget (rolling windows, docs/decisions/021).
        await Promise.all(counted.map((c) => this.limiter.undo(c, now)));
        throw new AppError('rate_limited', { retryAfter });
      }
    }
  }
}
