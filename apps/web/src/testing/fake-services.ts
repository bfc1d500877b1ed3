// Test and story support: fake services over an in-memory API (never imported by the app itself).
import type { ApiClient } from '@kadr/api-client';
import type { CallId } from '@kadr/api-contract';
import { createMemoryStorage, StorageKey } from '@kadr/auth-session';
import { createRecordingAnalytics } from '../shared/analytics/analytics';
import { createQueryClient } from '../shared/data/query-client';
import type { AppServices } from '../shared/services';
import { billingHandlers, tvPackages } from './billing-fixtures';
import { catalogueHandlers } from './catalogue-fixtures';

/** Answers one call from its input; throw (or reject) to fail it. */
export type FakeHandler = (input: unknown) => unknown;

/** Answers by call id. */
export type FakeHandlers = Partial<Record<CallId, FakeHandler>>;

/** A handler that never answers: the screen stays in its loading state. */
export const never: FakeHandler = () => new Promise(() => {});

/** One recorded call. */
export interface RecordedCall {
  id: CallId;
  input: unknown;
  options: unknown;
}

/** An error shaped like the api-client's ApiError (`code` is the envelope code). */
export function apiError(code: number, error = 'error'): Error & { code: number; error: string } {
  return Object.assign(new Error(`api error ${code}`), { code, error });
}

/** The sandbox behaviour the stories and tests rely on: code 1234 is right, every other code wrong. */
export const GOOD_CODE = '1234';

/** A number on the blocked provider's network (sendAuth answers is_goodline). */
export const GOODLINE_PHONE = '79990000000';

/**
 * Default answers: an anonymous profile 42, sendAuth for any phone, authApp with code 1234, and the
 * catalogue fixtures (home, TV and search rails; film 12, series 9, channel 31; the channels 1…9 with
 * their guides; search hints), and the billing calls over the channels' two packages, neither bought,
 * and no cards or receipts (tests of the money screens pass `billingHandlers`).
 */
export function defaultHandlers(): Partial<Record<CallId, FakeHandler>> {
  return {
    ...catalogueHandlers(),
    ...billingHandlers({ packages: tvPackages() }),
    anonymousAuth: () => ({
      access_token: 'anon',
      refresh_token: 'r',
      profile_id: 42,
      expires_in: 3600,
      token_type: 'Bearer',
    }),
    getProfile: () => ({ profile_id: 42, phone: null, external_accounts: [] }),
    setProfileUtm: () => ({ ok: true }),
    sendAuth: (input) => {
      const phone = (input as { body: { uid: string } }).body.uid;
      return {
        is_goodline: phone === GOODLINE_PHONE,
        async_auth_uuid: null,
        resend_after: 60,
        code_ttl: 120,
      };
    },
    authApp: (input) => {
      const body = (input as { body: { verify_code?: string; uid: string } }).body;
      if (body.verify_code !== GOOD_CODE) throw apiError(502, 'wrong_code');
      return {
        access_token: 'user',
        refresh_token: 'user-r',
        profile_id: 42,
        expires_in: 3600,
        token_type: 'Bearer',
        phone: body.uid,
      };
    },
    logout: () => ({ ok: true }),
  };
}

/**
 * Fake services: memory storages (with an anonymous session stored), a recording API, a reload spy and
 * an empty data cache.
 */
export function createFakeServices(
  options: {
    handlers?: Partial<Record<CallId, FakeHandler>>;
    storage?: Record<string, string>;
    reload?: () => void;
  } = {},
) {
  const handlers = { ...defaultHandlers(), ...options.handlers };
  const calls: RecordedCall[] = [];
  const call = (id: CallId, input?: unknown, callOptions?: unknown): Promise<unknown> => {
    calls.push({ id, input, options: callOptions });
    const handler = handlers[id];
    if (!handler) return Promise.reject(new Error(`unexpected call ${id}`));
    return Promise.resolve().then(() => handler(input));
  };
  // Answers are the handlers' business; the cast keeps the fake as small as the calls it serves.
  const api = { call } as unknown as ApiClient;
  const storage = createMemoryStorage({
    [StorageKey.deviceUid]: 'web_TESTDEVICE000000',
    [StorageKey.accessToken]: 'anon',
    [StorageKey.refreshToken]: 'r',
    [StorageKey.profileId]: '42',
    [StorageKey.auth]: 'false',
    ...options.storage,
  });
  let reloads = 0;
  const analytics = createRecordingAnalytics();
  const services: AppServices = {
    api,
    storage,
    sessionStorage: createMemoryStorage(),
    deviceUid: 'web_TESTDEVICE000000',
    reload: () => {
      reloads += 1;
      options.reload?.();
    },
    analytics,
    queryClient: createQueryClient(),
  };
  return {
    services,
    storage,
    calls,
    /** Ids of the calls so far. */
    ids: () => calls.map((call) => call.id),
    /** How many times the page was reloaded. */
    reloads: () => reloads,
    /** Goals reported so far. */
    goals: analytics.goals,
  };
}

/** Storage of a signed-in visitor with phone 79123456789. */
export const signedInStorage: Record<string, string> = {
  [StorageKey.accessToken]: 'user',
  [StorageKey.login]: '79123456789',
  [StorageKey.auth]: 'true',
};
