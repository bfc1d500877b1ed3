import { createHash, randomUUID } from 'node:crypto';
import type { AsyncAuthStatus } from '@kadr/api-contract';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { RateLimitSettings } from '../../env';
import { AppError } from '../../errors';
import type { Providers } from '../../providers';
import type { ClientCredentials } from './clients';
import { type CodeHasher, generateCode, signInSmsText } from './codes';
import { addressBucket, goodlineMatcher } from './network';
import * as q from './queries';
import type { RateLimiter } from './rate-limit';
import type { IssuedTokens, SessionContext, SessionService } from './sessions';

/** Seconds a code stays valid (SPEC §9: 2 minutes). */
export const CODE_TTL_SECONDS = 120;
/** Seconds before the same phone may get another code (SPEC §9). */
export const RESEND_AFTER_SECONDS = 60;
/** Wrong codes that kill an attempt (docs/decisions/001). */
export const MAX_TRIES_PER_ATTEMPT = 5;
/** Digits of a phone number that name its range, for the per-prefix limit. */
const PREFIX_LENGTH = 7;
const HOUR = 3600;
const DAY = 24 * HOUR;

/** What sendAuth answers (contract `sendAuth.response`). */
export interface SendAuthResult {
  is_goodline: boolean;
  async_auth_uuid: string | null;
  resend_after: number;
  code_ttl: number;
}

/** Dependencies of the sign-in rules. */
export interface SignInDeps {
  db: Db;
  clock: Clock;
  codes: CodeHasher;
  limiter: RateLimiter;
  providers: Providers;
  sessions: SessionService;
  limits: RateLimitSettings;
  clients: ClientCredentials;
  goodlineRanges: readonly string[];
}

/** A stable 31-bit number for a phone, the key of its advisory lock. */
function phoneLockKey(phone: string): number {
  return createHash('sha256').update(phone).digest().readUInt32BE(0) >>> 1;
}

/**
 * Phone sign-in rules: sending codes (with anti-pumping limits), checking them (with anti-guessing
 * limits), push confirmation and the final login. Codes never leave this class except to providers.
 */
export class SignInService {
  private readonly isGoodline: (ip: string) => boolean;

  constructor(private readonly deps: SignInDeps) {
    this.isGoodline = goodlineMatcher(deps.goodlineRanges);
  }

  /** Sends a code by SMS (and a push when available). Same answer for known and unknown numbers. */
  async sendAuth(input: {
    phone: string;
    ip: string;
    session: SessionContext | null;
  }): Promise<SendAuthResult> {
    const { db, clock, providers } = this.deps;
    if (this.isGoodline(input.ip)) {
      return { is_goodline: true, async_auth_uuid: null, resend_after: 0, code_ttl: 0 };
    }
    const now = clock.now();
    this.assertResendAllowed(await q.latestAttempt(db, input.phone), now);
    await this.countSend(input.phone, input.ip, now);

    const id = randomUUID();
    const code = generateCode();
    // An unreachable push provider only means no push: the SMS still goes out.
    const push = await providers.push.available(input.phone).catch(() => false);
    await db.transaction(async (tx) => {
      await q.lockPhoneForSend(tx, phoneLockKey(input.phone));
      // Re-checked under the lock: a parallel sendAuth may have slipped past the first check.
      this.assertResendAllowed(await q.latestAttempt(tx, input.phone), now);
      await q.insertAttempt(tx, {
        id,
        phone: input.phone,
        codeHmac: this.deps.codes.hash(id, code),
        expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
        push,
        sessionId: input.session?.sessionId ?? null,
        ip: input.ip,
        createdAt: now,
      });
    });

    try {
      await providers.sms.send(input.phone, signInSmsText(code));
    } catch (error) {
      // Nothing was delivered: forget the attempt, so the phone may retry at once instead of in 60 s.
      await q.deleteAttempt(db, id);
      throw error;
    }
    let pushSent = false;
    if (push) {
      try {
        await providers.push.send(input.phone, { asyncAuthUuid: id, code });
        pushSent = true;
      } catch {
        // The SMS went out, so sign-in still works; the client just does not poll.
        await q.clearPush(db, id);
      }
    }
    return {
      is_goodline: false,
      async_auth_uuid: pushSent ? id : null,
      resend_after: RESEND_AFTER_SECONDS,
      code_ttl: CODE_TTL_SECONDS,
    };
  }

  /** Status of a push sign-in for the polling client. */
  async check(asyncAuthUuid: string): Promise<AsyncAuthStatus> {
    const attempt = await q.attemptById(this.deps.db, asyncAuthUuid);
    if (!attempt) return 'not found';
    const live = attempt.expiresAt.getTime() > this.deps.clock.now().getTime();
    switch (attempt.status) {
      case 'pending':
        return live ? 'pending' : 'error';
      case 'accepted':
        return live ? 'accepted' : 'error';
      case 'rejected':
        return 'rejected';
      default:
        return 'error';
    }
  }

  /** The viewer typed the SMS code of a push sign-in: the attempt becomes accepted. */
  async verifySms(asyncAuthUuid: string, code: string): Promise<AsyncAuthStatus> {
    const attempt = await q.attemptById(this.deps.db, asyncAuthUuid);
    if (!attempt) throw new AppError('code_expired');
    await this.verifyCode(attempt, code, 'accepted');
    return 'accepted';
  }

  /** The phone that received the push accepts or rejects, proving itself with the code. */
  async confirm(
    asyncAuthUuid: string,
    code: string,
    decision: 'accept' | 'reject',
  ): Promise<AsyncAuthStatus> {
    const attempt = await q.attemptById(this.deps.db, asyncAuthUuid);
    if (!attempt?.push) throw new AppError('code_expired');
    await this.verifyCode(attempt, code, decision === 'accept' ? 'accepted' : 'rejected');
    return decision === 'accept' ? 'accepted' : 'rejected';
  }

  /**
   * authApp: completes the login with the phone's code, or with an accepted push attempt, then opens
   * a session on the phone's profile.
   */
  async login(input: {
    clientId: string;
    clientSecret: string;
    authType: 'phone' | 'mobile_id';
    phone: string;
    verifyCode: string | undefined;
    asyncAuthUuid: string | undefined;
    deviceUid: string;
    session: SessionContext | null;
  }): Promise<IssuedTokens & { phone: string }> {
    this.deps.clients.assert(input.clientId, input.clientSecret);
    const now = this.deps.clock.now();
    if (input.authType === 'phone') {
      const attempt = await q.latestAttempt(this.deps.db, input.phone);
      if (!attempt) throw new AppError('code_expired');
      await this.verifyCode(attempt, input.verifyCode ?? '', 'used');
    } else {
      const used = await q.useAcceptedAttempt(this.deps.db, input.asyncAuthUuid ?? '', input.phone, now);
      if (!used) await this.refuseMobileId(input.asyncAuthUuid ?? '', input.phone);
    }
    const tokens = await this.deps.sessions.signIn(input.phone, input.session, input.deviceUid);
    return { ...tokens, phone: input.phone };
  }

  /** Drops rate-limit windows and attempts that no rule looks at any more. */
  async prune(): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.limiter.prune(now);
    await q.pruneAttempts(this.deps.db, new Date(now.getTime() - 2 * DAY * 1000));
  }

  private async refuseMobileId(asyncAuthUuid: string, phone: string): Promise<never> {
    const attempt = await q.attemptById(this.deps.db, asyncAuthUuid);
    if (
      attempt &&
      attempt.phone === phone &&
      (attempt.status === 'pending' || attempt.status === 'rejected')
    ) {
      const live = attempt.expiresAt.getTime() > this.deps.clock.now().getTime();
      if (live || attempt.status === 'rejected') throw new AppError('sign_in_not_accepted');
    }
    throw new AppError('code_expired');
  }

  private assertResendAllowed(latest: q.Attempt | undefined, now: Date): void {
    if (!latest) return;
    const wait = RESEND_AFTER_SECONDS * 1000 - (now.getTime() - latest.createdAt.getTime());
    if (wait > 0) throw new AppError('resend_too_early', { retryAfter: wait / 1000 });
  }

  /** Counts a code send against every anti-pumping limit; the first exceeded one refuses it. */
  private async countSend(phone: string, ip: string, now: Date): Promise<void> {
    const { limits, limiter } = this.deps;
    const rules: Array<[key: string, window: number, limit: number]> = [
      [`send:ip:${addressBucket(ip)}`, HOUR, limits.ipPerHour],
      [`send:prefix:${phone.slice(0, PREFIX_LENGTH)}`, HOUR, limits.prefixPerHour],
      [`send:phone:${phone}:h`, HOUR, limits.phonePerHour],
      [`send:phone:${phone}:d`, DAY, limits.phonePerDay],
    ];
    for (const [key, window, limit] of rules) {
      const { count, retryAfter } = await limiter.hit(key, window, now);
      if (count > limit) throw new AppError('rate_limited', { retryAfter });
    }
  }

  /**
   * Compares a code and moves the attempt to `next` when it is right. A try is reserved before the
   * comparison (per attempt in the database, per phone per day in the limiter), so racing requests
   * cannot compare more codes than the limits allow; a right code gives its try back.
   */
  private async verifyCode(
    attempt: q.Attempt,
    code: string,
    next: 'accepted' | 'rejected' | 'used',
  ): Promise<void> {
    const { db, clock, limiter, limits, codes } = this.deps;
    const now = clock.now();
    const dailyKey = `wrong:phone:${attempt.phone}`;
    const daily = await limiter.hit(dailyKey, DAY, now);
    if (daily.count > limits.wrongCodesPerDay) {
      await limiter.undo(dailyKey, DAY, now);
      throw new AppError('too_many_wrong_codes', { retryAfter: daily.retryAfter });
    }
    const reserved = await q.reserveTry(db, attempt.id, MAX_TRIES_PER_ATTEMPT, now);
    if (!reserved) {
      await limiter.undo(dailyKey, DAY, now);
      throw new AppError('code_expired');
    }
    if (!codes.matches(attempt.id, code, reserved.codeHmac)) {
      if (reserved.wrongTries >= MAX_TRIES_PER_ATTEMPT) {
        await q.expireAttempt(db, attempt.id);
        throw new AppError('code_attempts_exhausted');
      }
      throw new AppError('wrong_code');
    }
    await limiter.undo(dailyKey, DAY, now);
    // An accepted push attempt gets a fresh window for the client's authApp call.
    const expiresAt =
      next === 'accepted' ? new Date(now.getTime() + CODE_TTL_SECONDS * 1000) : attempt.expiresAt;
    if (!(await q.settleAttempt(db, attempt.id, next, expiresAt))) throw new AppError('code_expired');
  }
}
