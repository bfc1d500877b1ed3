import type { Clock } from '../../clock';
import { AppError, type ErrorId } from '../../errors';
import { hitAll } from '../../limits/hit-all';
import type { LimitRule, RateLimiter } from '../../limits/rate-limit';
import { requesterRules } from './network';

const HOUR = 3600;
const DAY = 24 * HOUR;

/** How many anonymous profiles may be created (docs/decisions/023, 046). */
export interface AnonymousProfileLimitSettings {
  /** New devices (each a new anonymous profile) per client address per hour; IPv6 per /64. */
  perAddressHour: number;
  /** New devices per client subnet per hour (IPv4 /24, IPv6 /48): more than one address alone may make. */
  perSubnetHour: number;
  /** New devices of the whole service per hour: the ceiling against many-network floods. */
  perHour: number;
  /** Anonymous profiles one device gets per day: a device gets a new one only after a sign-in took its last. */
  perDeviceDay: number;
}

/**
 * Admits the creation of an anonymous profile, the one write of anonymousAuth: counted per client
 * address, per client subnet, per device and for the whole service in the shared rate limiter; over a
 * limit it is refused with 429 (`new_visits_limited` for the caller's address or subnet,
 * `new_visits_budget_exhausted` for the service's, `rate_limited` for the device's) and counts nowhere.
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
    const { settings } = this;
    const requester = requesterRules('anon', ip, HOUR, {
      perAddress: settings.perAddressHour,
      perSubnet: settings.perSubnetHour,
    });
    const device: LimitRule = {
      key: `anon:device:${deviceUid}`,
      windowSeconds: DAY,
      limit: settings.perDeviceDay,
    };
    const service: LimitRule = { key: 'anon:all', windowSeconds: HOUR, limit: settings.perHour };
    // The service's ceiling last: a requester refused by its own budgets does not spend the service's.
    const refused = await hitAll(this.limiter, [...requester, device, service], this.clock.now());
    if (!refused) return;
    const error: ErrorId =
      refused.rule === service
        ? 'new_visits_budget_exhausted'
        : refused.rule === device
          ? 'rate_limited'
          : 'new_visits_limited';
    throw new AppError(error, { retryAfter: refused.retryAfter });
  }
}
