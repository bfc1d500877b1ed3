import { createHash, randomUUID } from 'node:crypto';
import type { AsyncAuthStatus } from '@kadr/api-contract';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import type { RateLimitSettings } from '../../env';
import { AppError } from '../../errors';
import { hitAll, undoAll } from '../../limits/hit-all';
import type { LimitRule, RateLimiter } from '../../limits/rate-limit';
import type { ServiceMetrics } from '../../metrics/metrics';
import type { Providers } from '../../providers';
import type { ClientCredentials } from './clients';
import { type CodeHasher, generateCode, signInSmsText } from './codes';
import { goodlineMatcher, requesterContext, requesterRules } from './network';
import * as q from './queries';
import type { IssuedTokens, SessionContext, SessionService } from './sessions';

/** Seconds a code stays valid (SPEC §9: 2 minutes). */
export const CODE_TTL_SECONDS = 120;
/** Seconds before the same phone may get another code (SPEC §9). */
export const RESEND_AFTER_SECONDS = 60;
/** Wrong codes that kill an attempt (docs/decisions/001). */
export const MAX_TRIES_PER_ATTEMPT = 5;
/**
 * Tries of a code once the phone is under a guessing attack (its wrong codes in 24 h reached the
 * limit): the viewer who reads the SMS still signs in, a guesser gets one try per code sent
 * (docs/decisions/021).
 */
export const STEP_UP_TRIES = 1;
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
  providers: Pick<Providers, 'sms' | 'push'>;
  sessions: SessionService;
  limits: RateLimitSettings;
  clients: ClientCredentials;
  goodlineRanges: readonly string[];
  /** Counts sign-ins by method and outcome (metrics/metrics.ts). */
  metrics?: Pick<ServiceMetrics, 'signIn'>;
}

/** What authApp passes to login(). */
interface LoginInput {
  clientId: string;
  clientSecret: string;
  authType: 'phone' | 'mobile_id';
  phone: string;
  verifyCode: string | undefined;
  asyncAuthUuid: string | undefined;
  deviceUid: string;
  session: SessionContext | null;
  ip: string;
  /** The request's device platform (SPEC §7 header, platformOf), kept for the devices page. */
  platform?: string | null;
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

  /**
   * Sends a code by SMS (and a push when available). Same answer for known and unknown numbers. The
   * code belongs to the requesting session: only it can verify the code or complete the push.
   */
  async sendAuth(input: {
    phone: string;
    ip: string;
    session: SessionContext;
    requester?: { devicePlatform?: string | undefined };
  }): Promise<SendAuthResult> {
    const { db, clock, providers } = this.deps;
    if (this.isGoodline(input.ip)) {
      return { is_goodline: true, async_auth_uuid: null, resend_after: 0, code_ttl: 0 };
    }
    const now = clock.now();
    this.assertResendAllowed(await q.latestAttempt(db, input.phone), now);
    const spent = await this.reserveSend(input.ip, await this.phoneBudgetOf(input), now);

    const id = randomUUID();
    const code = generateCode();
    // An unreachable push provider only means no push: the SMS still goes out.
    const push = await providers.push.available(input.phone).catch(() => false);
    try {
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
          sessionId: input.session.sessionId,
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
    } catch (error) {
      // No code went out: the budgets count only delivered codes (docs/decisions/021).
      await undoAll(this.deps.limiter, spent, now);
      throw error;
    }
    const pushSent = push && (await this.sendPush(input, id, code, now));
    return {
      is_goodline: false,
      async_auth_uuid: pushSent ? id : null,
      resend_after: RESEND_AFTER_SECONDS,
      code_ttl: CODE_TTL_SECONDS,
    };
  }

  /** The push with who asked, from where and when, so the phone's owner can tell it is not them. */
  private async sendPush(
    input: { phone: string; ip: string; requester?: { devicePlatform?: string | undefined } },
    id: string,
    code: string,
    now: Date,
  ): Promise<boolean> {
    try {
      await this.deps.providers.push.send(input.phone, {
        asyncAuthUuid: id,
        code,
        requester: requesterContext(input.requester?.devicePlatform, input.ip, now),
      });
      return true;
    } catch {
      // The SMS went out, so sign-in still works; the client just does not poll.
      await q.clearPush(this.deps.db, id);
      return false;
    }
  }

  /** Status of a push sign-in for the polling client: only the session that asked for it sees it. */
  async check(asyncAuthUuid: string, session: SessionContext): Promise<AsyncAuthStatus> {
    const attempt = await this.ownAttempt(asyncAuthUuid, session);
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
  async verifySms(
    asyncAuthUuid: string,
    code: string,
    requester: { session: SessionContext; ip: string },
  ): Promise<AsyncAuthStatus> {
    const attempt = await this.ownAttempt(asyncAuthUuid, requester.session);
    if (!attempt) throw new AppError('code_expired');
    await settle(this.deps.db, attempt.id, await this.verifyCode(attempt, code, 'accepted', requester.ip));
    return 'accepted';
  }

  /** The phone that received the push accepts or rejects, proving itself with the code. */
  async confirm(
    asyncAuthUuid: string,
    code: string,
    decision: 'accept' | 'reject',
    ip: string,
  ): Promise<AsyncAuthStatus> {
    const attempt = await q.attemptById(this.deps.db, asyncAuthUuid);
    if (!attempt?.push) throw new AppError('code_expired');
    const next = decision === 'accept' ? 'accepted' : 'rejected';
    await settle(this.deps.db, attempt.id, await this.verifyCode(attempt, code, next, ip));
    return decision === 'accept' ? 'accepted' : 'rejected';
  }

  /**
   * authApp: completes the login with the phone's code, or with an accepted push attempt, then opens
   * a session on the phone's profile. Either must have been asked for by the calling session: another
   * caller can neither guess nor spend someone else's code (docs/decisions/021).
   */
  async login(input: LoginInput): Promise<IssuedTokens & { phone: string }> {
    try {
      const signedIn = await this.signIn(input);
      this.deps.metrics?.signIn(input.authType, 'success');
      return signedIn;
    } catch (error) {
      // The refusal's code (a bounded set: the error table), or `error` for a fault.
      this.deps.metrics?.signIn(input.authType, error instanceof AppError ? error.id : 'error');
      throw error;
    }
  }

  private async signIn(input: LoginInput): Promise<IssuedTokens & { phone: string }> {
    this.deps.clients.assert(input.clientId, input.clientSecret);
    const now = this.deps.clock.now();
    // Codes are only ever asked for by a session (sendAuth requires one).
    if (!input.session) throw new AppError('code_expired');
    const session = input.session;
    const sessionId = session.sessionId;
    // The code (or accepted push) is spent in the transaction that opens the session: a failure in
    // between (the database restarting) leaves the code unspent for the client's retry, not a spent
    // code and no session, which sent the viewer to wait a minute for a new one (decision 025).
    let spend: (tx: Tx) => Promise<void>;
    if (input.authType === 'phone') {
      const attempt = await q.latestAttemptOf(this.deps.db, input.phone, sessionId);
      if (!attempt) throw new AppError('code_expired');
      const settled = await this.verifyCode(attempt, input.verifyCode ?? '', 'used', input.ip);
      spend = (tx) => settle(tx, attempt.id, settled);
    } else {
      const uuid = input.asyncAuthUuid ?? '';
      spend = async (tx) => {
        const used = await q.useAcceptedAttempt(tx, uuid, input.phone, sessionId, now);
        if (!used) await this.refuseMobileId(tx, uuid, input.phone, session);
      };
    }
    const tokens = await this.deps.sessions.signIn(
      input.phone,
      session,
      input.deviceUid,
      spend,
      input.platform ?? null,
    );
    return { ...tokens, phone: input.phone };
  }

  /** Drops rate-limit windows and attempts that no rule looks at any more. */
  async prune(): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.limiter.prune(now);
    await q.pruneAttempts(this.deps.db, new Date(now.getTime() - 2 * DAY * 1000));
  }

  /** The attempt if `session` asked for it; another session's attempt is as good as unknown. */
  private async ownAttempt(asyncAuthUuid: string, session: SessionContext, db: Db | Tx = this.deps.db) {
    const attempt = await q.attemptById(db, asyncAuthUuid);
    return attempt?.sessionId === session.sessionId ? attempt : undefined;
  }

  /** Why an unusable push attempt is refused; read in the sign-in's transaction (PGlite has one connection). */
  private async refuseMobileId(
    tx: Tx,
    asyncAuthUuid: string,
    phone: string,
    session: SessionContext,
  ): Promise<never> {
    const attempt = await this.ownAttempt(asyncAuthUuid, session, tx);
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

  /**
   * Whose per-phone budget a send spends: a device that signed in to the phone before has its own
   * (only the owner's devices can spend it, so no stranger can lock them out); everyone else shares
   * the phone's budget, which keeps the phone from being flooded with codes.
   */
  private async phoneBudgetOf(input: { phone: string; session: SessionContext }): Promise<string> {
    const { deviceUid } = input.session;
    const known = deviceUid !== null && (await q.deviceSignedInTo(this.deps.db, input.phone, deviceUid));
    return known ? `send:phone:${input.phone}:device:${deviceUid}` : `send:phone:${input.phone}`;
  }

  /**
   * Reserves a code send in every anti-pumping budget, in rolling windows; the first exceeded one
   * refuses it. A refused send counts nowhere, and the caller gives the reservations back when the
   * code does not go out. There is no per-prefix budget: it let one requester block every number of
   * a prefix (docs/decisions/021); the global SMS budget caps pumping from many addresses instead.
   */
  private async reserveSend(ip: string, phoneBudget: string, now: Date): Promise<LimitRule[]> {
    const { limits, limiter } = this.deps;
    const service: LimitRule = { key: 'send:all', windowSeconds: HOUR, limit: limits.smsPerHour };
    const rules: LimitRule[] = [
      ...requesterRules('send', ip, HOUR, { perAddress: limits.ipPerHour, perSubnet: limits.subnetPerHour }),
      { key: `${phoneBudget}:h`, windowSeconds: HOUR, limit: limits.phonePerHour },
      { key: `${phoneBudget}:d`, windowSeconds: DAY, limit: limits.phonePerDay },
      service,
    ];
    const refused = await hitAll(limiter, rules, now);
    if (refused)
      throw new AppError(refused.rule === service ? 'sms_budget_exhausted' : 'rate_limited', {
        retryAfter: refused.retryAfter,
      });
    return rules;
  }

  /**
   * Compares a code and moves the attempt to `next` when it is right. Wrong codes are counted so that
   * a guesser cannot lock anyone else out (docs/decisions/021):
   * - per attempt: its tries are reserved in the database before the comparison, so racing requests
   *   cannot compare more codes than allowed; the last wrong one burns the code;
   * - per requester network (rolling 24 h): reserved before the comparison, refused with 429 when
   *   spent — only the guesser's own network is refused;
   * - per phone (rolling 24 h): never refuses; once it reaches the limit, new comparisons are
   *   stepped up to one try per code, so even the right code still signs in.
   * A right code gives its reserved tries back.
   */
  /**
   * Checks a code against the attempt, counting tries and wrong codes; answers how the attempt is to
   * be settled, which the caller does (with the session it opens, for authApp).
   */
  private async verifyCode(
    attempt: q.Attempt,
    code: string,
    next: 'accepted' | 'rejected' | 'used',
    ip: string,
  ): Promise<Settlement> {
    const { db, clock, limiter, limits, codes } = this.deps;
    const now = clock.now();
    const network = requesterRules('wrong', ip, DAY, {
      perAddress: limits.wrongCodesPerNetworkDay,
      perSubnet: limits.wrongCodesPerSubnetDay,
    });
    const phone: LimitRule = {
      key: `wrong:phone:${attempt.phone}`,
      windowSeconds: DAY,
      limit: limits.wrongCodesPerDay,
    };
    const byNetwork = await hitAll(limiter, network, now);
    if (byNetwork) throw new AppError('too_many_wrong_codes', { retryAfter: byNetwork.retryAfter });
    const steppedUp = (await limiter.count(phone, now)) >= phone.limit;
    const maxTries = steppedUp ? STEP_UP_TRIES : MAX_TRIES_PER_ATTEMPT;
    const reserved = await q.reserveTry(db, attempt.id, maxTries, now);
    if (!reserved) {
      await undoAll(limiter, network, now);
      throw new AppError('code_expired');
    }
    if (!codes.matches(attempt.id, code, reserved.codeHmac)) {
      await limiter.hit(phone, now);
      if (reserved.wrongTries >= maxTries) {
        await q.expireAttempt(db, attempt.id);
        throw new AppError('code_attempts_exhausted');
      }
      throw new AppError('wrong_code');
    }
    await undoAll(limiter, network, now);
    // An accepted push attempt gets a fresh window for the client's authApp call.
    const expiresAt =
      next === 'accepted' ? new Date(now.getTime() + CODE_TTL_SECONDS * 1000) : attempt.expiresAt;
    return { status: next, expiresAt };
  }
}

/** How a checked attempt is settled. */
interface Settlement {
  status: 'accepted' | 'rejected' | 'used';
  expiresAt: Date;
}

/** Settles a checked attempt; one settled meanwhile (a racing request) refuses this one. */
async function settle(db: Db | Tx, attemptId: string, settlement: Settlement): Promise<void> {
  if (!(await q.settleAttempt(db, attemptId, settlement.status, settlement.expiresAt)))
    throw new AppError('code_expired');
}
