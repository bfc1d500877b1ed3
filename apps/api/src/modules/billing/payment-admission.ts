import type { Clock } from '../../clock';
import type { HeavyWrites } from '../../db/heavy-writes';
import type { PaymentLimitSettings } from '../../env';
import { AppError } from '../../errors';
import { hitAll, undoAll } from '../../limits/hit-all';
import type { LimitRule, RateLimiter } from '../../limits/rate-limit';
import { addressBucket } from '../auth';

const HOUR = 3600;

/** A payment call the admission guards: createPayment or checkPayment. */
export type PaymentCall = 'create' | 'check';

/** Who makes the call: the session's profile and the client's address. */
export interface PaymentCaller {
  profileId: number;
  ip: string;
}

/**
 * Lets a payment call in (docs/decisions/048): first its limits — per profile and per client network
 * (an IPv4 address, an IPv6 /64) over a rolling hour, in the shared rate limiter (memory with the
 * embedded database, so refusing costs no statement) — then a turn among the heavy writes (core's
 * HeavyWrites: one call of a profile at a time, profiles in turns, a full queue shed with 503). Over a
 * limit: 429 `rate_limited` with Retry-After. A refused or shed call did nothing, so it spends nothing
 * (rolling windows, docs/decisions/021): a client retrying after Retry-After gets in.
 */
export class PaymentAdmission {
  constructor(
    private readonly deps: {
      limiter: RateLimiter;
      clock: Clock;
      settings: PaymentLimitSettings;
      heavyWrites: HeavyWrites;
    },
  ) {}

  /** Runs `work` for `caller` once its limits and its turn allow; throws the refusal otherwise. */
  async run<T>(call: PaymentCall, caller: PaymentCaller, work: () => Promise<T>): Promise<T> {
    const { limiter, heavyWrites } = this.deps;
    const now = this.deps.clock.now();
    const rules = this.rulesOf(call, caller);
    const refusal = await hitAll(limiter, rules, now);
    if (refusal) throw new AppError('rate_limited', { retryAfter: refusal.retryAfter });
    let started = false;
    try {
      return await heavyWrites.run(`profile:${caller.profileId}`, () => {
        started = true;
        return work();
      });
    } catch (error) {
      if (!started) await undoAll(limiter, rules, now);
      throw error;
    }
  }

  private rulesOf(call: PaymentCall, caller: PaymentCaller): LimitRule[] {
    const { settings } = this.deps;
    const [perProfile, perNetwork] =
      call === 'create'
        ? [settings.createsPerProfileHour, settings.createsPerNetworkHour]
        : [settings.checksPerProfileHour, settings.checksPerNetworkHour];
    return [
      { key: `pay-${call}:profile:${caller.profileId}`, windowSeconds: HOUR, limit: perProfile },
      { key: `pay-${call}:net:${addressBucket(caller.ip)}`, windowSeconds: HOUR, limit: perNetwork },
    ];
  }
}
