// Run-time values come from the zod-free `routes` entry only; the main entry is imported for types,
// which are erased, so the client bundles no zod unless the app passes `schemas`.
import type {
  CallBody,
  CallDefinition,
  CallId,
  CallParams,
  CallQuery,
  CallResponse,
  DevicePlatform,
} from '@kadr/api-contract';
import {
  ApiCode,
  BUILD_NUMBER,
  HeaderName,
  PLATFORM,
  type Route,
  type RouteId,
  routes,
} from '@kadr/api-contract/routes';
import ky from 'ky';
import { ApiError, CLIENT_ERROR_IDS } from './api-error.js';
import { detectDevicePlatform } from './device-platform.js';
import { readErrorBody } from './error-body.js';
import { DEFAULT_TIMEOUT_MS } from './fetch-with-timeout.js';
import {
  isRetryable,
  MAX_RETRIES,
  RETRY_DELAY_MS,
  TOKEN_WAIT_ATTEMPTS,
  TOKEN_WAIT_INTERVAL_MS,
} from './retry-policy.js';
import type { SessionTokens, TokenStore } from './token-store.js';

/**
 * Response schemas by call id, to check success responses against: pass `calls` of
 * `@kadr/api-contract` (or some of its entries).
 */
export type ResponseSchemas = { readonly [K in CallId]?: Pick<CallDefinition, 'response'> };

/** The web app's run mode, sent as `X-Mode` (docs/decisions/001). */
export type ApiMode = 'production' | 'development';

/** Options of `createApiClient`. */
export interface ApiClientOptions {
  /** Origin (and optional path prefix) of the API, e.g. `https://api.kadr.example` or `http://127.0.0.1:3000`. */
  baseUrl: string;
  /** Where the session's tokens live. */
  tokens: TokenStore;
  /** The device id for a fresh anonymous session after code 910 (SPEC §3: `web_` + 16 letters or digits). */
  deviceUid: () => string;
  /** OAuth client of refreshToken; default `web`. */
  clientId?: string;
  /** OAuth client secret of refreshToken; default `web`. */
  clientSecret?: string;
  /** Called after the tokens are cleared on code 910, before the anonymous session is fetched. */
  onSessionReset?: () => void;
  /** The fetch to use (tests, server-side); default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /** Time-out of one attempt in ms; default 10000. */
  timeoutMs?: number;
  /** `X-Mode`; default `production`. */
  mode?: ApiMode;
  /** `X-Device-Platform`; default detected from `navigator.userAgent` (`PC_WEB` without one). */
  devicePlatform?: DevicePlatform;
  /** Retry 4xx answers too: the SPEC §8 rule read literally (docs/decisions/001). Default false. */
  retryClientErrors?: boolean;
  /** How to wait between retries and token polls; default `setTimeout`. Injected by tests. */
  sleep?: (ms: number) => Promise<void>;
  /**
   * Check each success `response` against its call's schema here (`bad_response` on mismatch), e.g.
   * `schemas: calls` from `@kadr/api-contract`. Default none: no checking, and no zod in the bundle.
   */
  schemas?: ResponseSchemas;
}

/** Options of one call. */
export interface CallOptions {
  /** Do not retry this call (SPEC §8 no-retry flag), whatever the answer. */
  noRetry?: boolean;
  /** Aborts the call (and its retries); the abort reason is rethrown as is. */
  signal?: AbortSignal;
  /** Time-out of each attempt in ms; default the client's. */
  timeoutMs?: number;
  /**
   * Send this access token instead of the stored one (logout clears storage first and still needs
   * the old token, SPEC §4). Such a call neither waits for a token nor recovers from 901/910.
   */
  accessToken?: string;
  /**
   * Send with `fetch(…, {keepalive: true})`: the request outlives the page (a watch-progress report on
   * leaving it, docs/decisions/055) with the bearer header as always, which `navigator.sendBeacon`
   * cannot send. Browsers cap a page's keepalive bodies in flight at 64 KiB.
   */
  keepalive?: boolean;
}

type Absent<T> = [T] extends [never] ? true : false;
type ParamsPart<K extends CallId> =
  Absent<CallParams<K>> extends true ? { params?: never } : { params: CallParams<K> };
type QueryPart<K extends CallId> =
  Absent<CallQuery<K>> extends true
    ? { query?: never }
    : Record<string, never> extends CallQuery<K>
      ? { query?: CallQuery<K> }
      : { query: CallQuery<K> };
type BodyPart<K extends CallId> =
  Absent<CallBody<K>> extends true
    ? { body?: never }
    : undefined extends CallBody<K>
      ? { body?: CallBody<K> }
      : Record<string, never> extends CallBody<K>
        ? { body?: CallBody<K> }
        : { body: CallBody<K> };
type Flatten<T> = { [P in keyof T]: T[P] };

/** What `call(id, input)` takes: the call's path params, query and body, each only if the call has it. */
export type CallInput<K extends CallId> = Flatten<ParamsPart<K> & QueryPart<K> & BodyPart<K>>;

/** `call`'s arguments after the id: input is optional when every part of it is. */
export type CallArgs<K extends CallId> =
  Record<string, never> extends CallInput<K>
    ? [input?: CallInput<K>, options?: CallOptions]
    : [input: CallInput<K>, options?: CallOptions];

/** A typed client of every call in the contract's registry. */
export interface ApiClient {
  /** Sends call `id` and resolves to its success `response`, or rejects with `ApiError`. */
  call<K extends CallId>(id: K, ...args: CallArgs<K>): Promise<CallResponse<K>>;
}

/** How a call is sent: its routes-table entry and its id. */
type Def = Route & { id: string };
type AnyInput = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
/** What one attempt sent, for deciding whether a 901/910 still needs a refresh or reset. */
type Sent = { token: string | null };

// The client's own calls for session recovery.
const REFRESH_TOKEN: Def = { id: 'refreshToken', ...routes.refreshToken };
const ANONYMOUS_AUTH: Def = { id: 'anonymousAuth', ...routes.anonymousAuth };

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Call `id`'s route, or undefined for an id the contract does not know. */
function defOf(id: string): Def | undefined {
  return Object.hasOwn(routes, id) ? { id, ...routes[id as RouteId] } : undefined;
}

/** Substitutes `:name` segments with URL-encoded params. */
function buildPath(def: Def, params: Record<string, unknown> | undefined): string {
  return def.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`${def.id}: missing path param "${name}"`);
    }
    return encodeURIComponent(String(value));
  });
}

function toSearchParams(values: Record<string, unknown> | undefined): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(values ?? {})) {
    if (value !== undefined && value !== null) out.append(key, String(value));
  }
  return out;
}

/** The parsed body, or undefined when it is not JSON (reported as `bad_response` by the caller). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isEnvelope(value: unknown): value is { code: number; success: boolean; response: unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'number' &&
    typeof (value as { success?: unknown }).success === 'boolean' &&
    'response' in value
  );
}

/**
 * Creates the API client. Every call sends the SPEC §7 headers, unwraps the envelope, retries by the
 * SPEC §8 rule (see `isRetryable`), refreshes the token on 901 and resets the session on 910, each
 * shared by concurrent calls and followed by one retry.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const {
    tokens,
    clientId = 'web',
    clientSecret = 'web',
    mode = 'production',
    timeoutMs = DEFAULT_TIMEOUT_MS,
    retryClientErrors = false,
    sleep = defaultSleep,
    schemas,
  } = options;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const devicePlatform =
    options.devicePlatform ?? detectDevicePlatform(globalThis.navigator?.userAgent ?? '');
  // Ky is the transport only: retries, 901 and 910 are ours, so its retry is off and HTTP errors are
  // answers to read (the envelope is in the body whatever the status).
  const http = ky.create({
    retry: 0,
    throwHttpErrors: false,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  let refreshing: Promise<void> | null = null;
  let resetting: Promise<void> | null = null;

  function headersFor(def: Def, token: string | null): Record<string, string> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      [HeaderName.platform]: PLATFORM,
      [HeaderName.mode]: mode,
      [HeaderName.devicePlatform]: devicePlatform,
      [HeaderName.buildNumber]: String(BUILD_NUMBER),
    };
    if (token) {
      headers[HeaderName.authorization] = `Bearer ${token}`;
      if (def.id === 'sendAuth') headers[HeaderName.accessToken] = token;
    }
    return headers;
  }

  /** One HTTP attempt: resolves to the success `response` or throws `ApiError`. */
  async function attempt(def: Def, input: AnyInput, opts: CallOptions, sent: Sent): Promise<unknown> {
    const query = toSearchParams(input.query).toString();
    const url = `${baseUrl}${buildPath(def, input.params)}${query ? `?${query}` : ''}`;
    const token = opts.accessToken ?? tokens.getAccessToken();
    sent.token = token;
    const hasBody = def.method !== 'GET';
    const body = input.body ?? {};
    let response: Response;
    let text: string;
    try {
      response = await http(url, {
        method: def.method,
        headers: headersFor(def, token),
        timeout: opts.timeoutMs ?? timeoutMs,
        ...(opts.signal ? { signal: opts.signal } : {}),
        ...(opts.keepalive ? { keepalive: true } : {}),
        ...(hasBody && def.bodyEncoding === 'form'
          ? { body: toSearchParams(body as Record<string, unknown>) }
          : hasBody
            ? { json: body }
            : {}),
      });
      text = await response.text();
    } catch (cause) {
      if (opts.signal?.aborted) throw opts.signal.reason;
      throw new ApiError({
        code: 0,
        httpStatus: 0,
        error: CLIENT_ERROR_IDS.network,
        message: `${def.id}: network error: ${cause instanceof Error ? cause.message : String(cause)}`,
        callId: def.id,
        cause,
      });
    }

    const json = parseJson(text);
    if (!isEnvelope(json)) {
      throw new ApiError({
        code: response.status,
        httpStatus: response.status,
        error: CLIENT_ERROR_IDS.badResponse,
        message: `${def.id}: HTTP ${response.status} answer is not a {code, success, response} JSON envelope`,
        callId: def.id,
      });
    }
    if (json.success) {
      const schema = schemas?.[def.id as CallId]?.response;
      if (!schema) return json.response;
      const checked = schema.safeParse(json.response);
      if (checked.success) return checked.data;
      throw new ApiError({
        code: json.code,
        httpStatus: response.status,
        error: CLIENT_ERROR_IDS.badResponse,
        message: `${def.id}: response does not match the contract`,
        details: checked.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        callId: def.id,
      });
    }
    const failure = readErrorBody(json.response);
    const retryHeader = Number(response.headers.get('retry-after'));
    throw new ApiError({
      code: json.code,
      httpStatus: response.status,
      error: failure ? failure.error : CLIENT_ERROR_IDS.unknown,
      message: failure ? failure.message : `${def.id}: failed with code ${json.code}`,
      details: failure?.details,
      retryAfter:
        failure?.retry_after !== undefined
          ? failure.retry_after
          : Number.isFinite(retryHeader) && retryHeader > 0
            ? retryHeader
            : undefined,
      callId: def.id,
    });
  }

  /** Attempts with the generic retry: up to 5 retries, 1000 ms × retry number apart. */
  async function withRetry(def: Def, input: AnyInput, opts: CallOptions, sent: Sent): Promise<unknown> {
    for (let retry = 0; ; retry++) {
      try {
        return await attempt(def, input, opts, sent);
      } catch (error) {
        const retryable =
          error instanceof ApiError &&
          retry < MAX_RETRIES &&
          !def.noRetry &&
          !opts.noRetry &&
          !opts.signal?.aborted &&
          isRetryable(error, retryClientErrors);
        if (!retryable) throw error;
        await sleep(RETRY_DELAY_MS * (retry + 1));
        if (opts.signal?.aborted) throw opts.signal.reason;
      }
    }
  }

  function store(session: SessionTokens): void {
    tokens.setTokens({
      access_token: session.access_token,
      refresh_token: session.refresh_token,
      profile_id: session.profile_id,
    });
  }

  /** The refresh failed because the session itself is gone: treat as 910. */
  function sessionIsDead(error: unknown): boolean {
    return (
      error instanceof ApiError &&
      (error.code === ApiCode.SESSION_INVALID ||
        error.code === ApiCode.INVALID_CLIENT ||
        error.code === ApiCode.FORBIDDEN ||
        error.httpStatus === 401 ||
        error.httpStatus === 403)
    );
  }

  async function doRefresh(): Promise<void> {
    const refresh_token = tokens.getRefreshToken();
    if (!refresh_token) return startReset();
    try {
      const session = await withRetry(
        REFRESH_TOKEN,
        {
          body: {
            grant_type: 'refresh_token',
            client_id: clientId,
            client_secret: clientSecret,
            refresh_token,
          },
        },
        {},
        { token: null },
      );
      store(session as SessionTokens);
    } catch (error) {
      if (!sessionIsDead(error)) throw error;
      await startReset();
    }
  }

  async function doReset(): Promise<void> {
    tokens.clear();
    options.onSessionReset?.();
    const session = await withRetry(
      ANONYMOUS_AUTH,
      { params: { device_uid: options.deviceUid() } },
      {},
      { token: null },
    );
    store(session as SessionTokens);
  }

  function startReset(): Promise<void> {
    resetting ??= doReset().finally(() => {
      resetting = null;
    });
    return resetting;
  }

  /** Another call already replaced the token this one was refused with: just retry. */
  function tokenMovedOn(sent: Sent): boolean {
    const current = tokens.getAccessToken();
    return Boolean(current) && current !== sent.token;
  }

  /** 901: one shared refresh (unless the token already changed). */
  async function refreshFor(sent: Sent): Promise<void> {
    if (tokenMovedOn(sent)) return;
    if (resetting) return resetting;
    refreshing ??= doRefresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** 910: one shared reset (unless the token already changed, or a refresh in flight fixes it). */
  async function resetFor(sent: Sent): Promise<void> {
    if (refreshing) {
      await refreshing.catch(() => undefined);
    }
    if (tokenMovedOn(sent)) return;
    return startReset();
  }

  async function run(def: Def, input: AnyInput, opts: CallOptions): Promise<unknown> {
    const ownToken = opts.accessToken !== undefined;
    if (def.auth === 'session' && !ownToken && !tokens.getAccessToken()) {
      for (let i = 0; i < TOKEN_WAIT_ATTEMPTS && !tokens.getAccessToken(); i++) {
        await sleep(TOKEN_WAIT_INTERVAL_MS);
      }
    }
    const sent: Sent = { token: null };
    try {
      return await withRetry(def, input, opts, sent);
    } catch (error) {
      // Session calls recover; the session calls themselves (auth 'none') never loop into recovery.
      if (!(error instanceof ApiError) || def.auth === 'none' || ownToken) throw error;
      if (error.code === ApiCode.TOKEN_EXPIRED) {
        await refreshFor(sent);
        try {
          return await withRetry(def, input, opts, sent);
        } catch (again) {
          if (!(again instanceof ApiError) || again.code !== ApiCode.SESSION_INVALID) throw again;
          await resetFor(sent);
          return withRetry(def, input, opts, sent);
        }
      }
      if (error.code === ApiCode.SESSION_INVALID) {
        await resetFor(sent);
        return withRetry(def, input, opts, sent);
      }
      throw error;
    }
  }

  return {
    call<K extends CallId>(id: K, ...args: CallArgs<K>): Promise<CallResponse<K>> {
      const def = defOf(id);
      if (!def) return Promise.reject(new TypeError(`Unknown call "${String(id)}"`));
      const [input, opts] = args;
      return run(def, (input ?? {}) as AnyInput, opts ?? {}) as Promise<CallResponse<K>>;
    },
  };
}
