import { randomBytes } from 'node:crypto';
import { authAppBody, latestCode, sendAuthBody, smsOutboxPath } from './sign-in.ts';

// Mixed traffic for the recovery suite and bench/recovery.ts: viewers signing in by SMS, buying a
// package in the sandbox checkout and cancelling it, each step retried a few times as a client would.
// Every answer is recorded; every write the service acknowledged (2xx) is listed, so a check after
// the run can find each one in the database. Only node: imports (the bench loads it under plain Node).

/**
 * The service's settings under the recovery load (the test and bench/recovery.ts): PostgreSQL and Redis
 * of their own, sandbox providers, payment jobs on, and limits out of the way of one client's load.
 */
export function recoveryEnv(postgresUrl: string, redisUrl: string): Record<string, string> {
  return {
    DATABASE_URL: postgresUrl,
    REDIS_URL: redisUrl,
    SANDBOX_PROVIDERS: 'on',
    PAYMENT_JOBS: 'on',
    BILLING_FIRST_HOURS: '0',
    LOG_LEVEL: 'info',
    RATE_LIMIT_IP_HOUR: '1000000',
    RATE_LIMIT_SUBNET_HOUR: '1000000',
    RATE_LIMIT_SMS_HOUR: '1000000',
    RATE_LIMIT_ANONYMOUS_IP_HOUR: '1000000',
    RATE_LIMIT_ANONYMOUS_SUBNET_HOUR: '1000000',
    RATE_LIMIT_ANONYMOUS_HOUR: '1000000',
    PAYMENT_CREATES_PER_NETWORK_HOUR: '1000000',
    PAYMENT_CHECKS_PER_NETWORK_HOUR: '1000000',
  };
}

/** One request and its answer. */
export interface Exchange {
  call: string;
  started: number;
  ended: number;
  /** HTTP status, or 0 when no answer came (a reset, a refused connection, the client's time-out). */
  status: number;
  /** The JSON answer (undefined when it was not JSON). */
  body: unknown;
  /** Why no answer came. */
  failure?: string;
}

/** Writes the service acknowledged with a 2xx. */
export interface Acknowledged {
  /** authApp answered tokens: the phone, its profile and the access token. */
  signIns: Array<{ phone: string; profileId: number; accessToken: string }>;
  /** createPayment answered a payment id. */
  paymentsCreated: Array<{ paymentId: string; device: string }>;
  /** checkPayment answered `confirmed`. */
  paymentsConfirmed: Array<{ paymentId: string; profileId: number; packageId: number }>;
  /** unsubscribePackage answered `cancelled`. */
  cancellations: Array<{ profileId: number; packageId: number }>;
}

export interface LoadOptions {
  baseUrl: string;
  /** The package buyers buy (a web package with a plain tariff, no trial). */
  packageId: number;
  signers?: number;
  buyers?: number;
  /** A request with no answer after this long counts as hung. */
  requestTimeoutMs?: number;
  /** Tries of one step before its flow is given up. */
  tries?: number;
  /** Pause between tries of a step. */
  retryMs?: number;
}

/** A running load: what it saw so far, and stop() to end it after the flows in progress. */
export interface Load {
  exchanges: Exchange[];
  acknowledged: Acknowledged;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Phones are numbered across every load of the process, so two loads never share a phone (its
 * one-minute resend rule and its codes); the prefix is random per process.
 */
const PHONE_PREFIX = String(randomBytes(2).readUInt16BE() % 1000).padStart(3, '0');
let phones = 0;

class StepFailed extends Error {}

/** Starts signers and buyers against `baseUrl`; each runs flows back to back until stop(). */
export function startLoad(options: LoadOptions): Load {
  const { baseUrl, packageId } = options;
  const requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
  const tries = options.tries ?? 20;
  const retryMs = options.retryMs ?? 150;
  const exchanges: Exchange[] = [];
  const acknowledged: Acknowledged = {
    signIns: [],
    paymentsCreated: [],
    paymentsConfirmed: [],
    cancellations: [],
  };
  let stopping = false;

  async function request(call: string, path: string, init: { token?: string; body?: unknown } = {}) {
    const started = performance.now();
    const exchange: Exchange = { call, started, ended: started, status: 0, body: undefined };
    exchanges.push(exchange);
    try {
      const res = await fetch(`${baseUrl}${path}`, {
        method: init.body === undefined ? 'GET' : 'POST',
        headers: {
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
      exchange.status = res.status;
      const text = await res.text();
      try {
        exchange.body = JSON.parse(text);
      } catch {
        exchange.body = undefined;
      }
    } catch (error) {
      exchange.failure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    } finally {
      exchange.ended = performance.now();
    }
    return exchange;
  }

  /** A step tried until it answers 2xx (and `accept` agrees), or its tries run out. */
  async function step<T>(
    call: string,
    path: string,
    init: { token?: string; body?: unknown },
    accept: (body: unknown) => T | undefined = (body) => (body as { response: T }).response,
  ): Promise<T> {
    for (let attempt = 0; attempt < tries && !stopping; attempt++) {
      const exchange = await request(call, path, init);
      if (exchange.status >= 200 && exchange.status < 300) {
        const value = accept(exchange.body);
        if (value !== undefined) return value;
      }
      // A request given up (503) whose write the database still made — a frozen server finishing it
      // once thawed — is refused when retried, saying what happened: sendAuth's code went out (wait a
      // minute, the code works). A retried unsubscribePackage is answered as its first try was.
      if (isAlreadyDone(exchange)) return undefined as T;
      await sleep(retryMs);
    }
    throw new StepFailed(call);
  }

  async function anonymous(device: string) {
    return step<{ access_token: string; profile_id: number }>('anonymousAuth', `/web/1/auth/${device}`, {});
  }

  async function signInFlow() {
    const device = `web_${randomBytes(8).toString('hex')}`;
    const phone = `79${PHONE_PREFIX}${String(phones++).padStart(6, '0')}`;
    const anon = await anonymous(device);
    await step('sendAuth', '/v1/agregator/sendAuth', { token: anon.access_token, body: sendAuthBody(phone) });
    const code = await step('sandboxSms', smsOutboxPath(phone), {}, latestCode);
    const tokens = await step<{ access_token: string; profile_id: number }>(
      'authApp',
      '/v1/agregator/authApp',
      { token: anon.access_token, body: authAppBody(phone, code, device) },
    );
    acknowledged.signIns.push({ phone, profileId: tokens.profile_id, accessToken: tokens.access_token });
  }

  async function buyFlow() {
    const device = `web_${randomBytes(8).toString('hex')}`;
    const anon = await anonymous(device);
    const token = anon.access_token;
    const created = await step<{ payment_id: string; token: string }>(
      'createPayment',
      '/v1/agregator/createPayment',
      { token, body: { type: 'widget_yookassa', package_id: packageId, device_uid: device } },
    );
    acknowledged.paymentsCreated.push({ paymentId: created.payment_id, device });
    await step(
      'sandboxPay',
      `/sandbox/yookassa/checkout/${created.token}/card`,
      { body: { number: '5555555555554444', expiry: '12/35', csc: '123' } },
      (body) => body,
    );
    await step(
      'checkPayment',
      '/v1/agregator/checkPayment',
      { token, body: { type: 'widget_yookassa', payment_id: created.payment_id } },
      (body) =>
        (body as { response: { status: string } }).response.status === 'confirmed' ? true : undefined,
    );
    acknowledged.paymentsConfirmed.push({
      paymentId: created.payment_id,
      profileId: anon.profile_id,
      packageId,
    });
    await step(
      'unsubscribePackage',
      '/v1/agregator/unsubscribePackage',
      { token, body: { package_id: packageId, reason: 'price' } },
      (body) =>
        (body as { response: { status: string } }).response.status === 'cancelled' ? true : undefined,
    );
    acknowledged.cancellations.push({ profileId: anon.profile_id, packageId });
  }

  async function worker(flow: () => Promise<void>) {
    while (!stopping) {
      try {
        await flow();
      } catch (error) {
        if (!(error instanceof StepFailed)) throw error;
      }
    }
  }

  const workers = [
    ...Array.from({ length: options.signers ?? 3 }, () => worker(signInFlow)),
    ...Array.from({ length: options.buyers ?? 3 }, () => worker(buyFlow)),
  ];
  return {
    exchanges,
    acknowledged,
    async stop() {
      stopping = true;
      await Promise.all(workers);
    },
  };
}

/**
 * A retry's refusal that says the first try's write was made: sendAuth's "a code went out less than a
 * minute ago". (unsubscribePackage's retry is answered as its first try was, never "already cancelled":
 * decision 018, «Repeated calls».)
 */
export function isAlreadyDone(exchange: Exchange): boolean {
  const error = (exchange.body as { response?: { error?: string } } | undefined)?.response?.error;
  return exchange.call === 'sendAuth' && exchange.status === 429 && error === 'resend_too_early';
}

/** Waits until `check` holds, polling; false when `timeoutMs` passed first. */
export async function waitFor(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (check()) return true;
    await sleep(20);
  }
  return check();
}
