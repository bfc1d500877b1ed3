import { calls } from '@kadr/api-contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelopeAnswer, startTestServer } from '../test/test-server.js';
import {
  type ApiClientOptions,
  ApiError,
  createApiClient,
  createMemoryTokenStore,
  type SessionTokens,
} from './index.js';

const SESSION: SessionTokens = { access_token: 'access-1', refresh_token: 'refresh-1', profile_id: 7 };
const PROFILE = { profile_id: 7, phone: null, external_accounts: [] };
const DEVICE = 'web_0123456789abcdef';
const PLAYBACK = '0b4f3c2a-9d8e-4f6a-8b1c-2d3e4f5a6b7c';
const PROGRESS = {
  position: 60,
  duration: 5400,
  fraction: 0.011,
  watched: false,
  updated_at: '2030-01-15T10:00:00.000Z',
};

function anonymous(n: number) {
  return {
    access_token: `anon-${n}`,
    refresh_token: `anon-refresh-${n}`,
    profile_id: 100 + n,
    expires_in: 900,
    token_type: 'Bearer',
  };
}

// --- real HTTP server ---------------------------------------------------------------------------

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function serve(answer: Parameters<typeof startTestServer>[0], options: Partial<ApiClientOptions> = {}) {
  const server = await startTestServer(answer);
  closers.push(server.close);
  const tokens = createMemoryTokenStore(SESSION);
  const delays: number[] = [];
  const client = createApiClient({
    baseUrl: server.url,
    tokens,
    deviceUid: () => DEVICE,
    sleep: async (ms) => {
      delays.push(ms);
    },
    ...options,
  });
  return { client, requests: server.requests, tokens, delays };
}

// --- injected fetch -----------------------------------------------------------------------------

interface Seen {
  method: string;
  path: string;
  headers: Headers;
  body: string;
}

type Handler = (req: Seen, index: number) => Response | Promise<Response>;

function reply(
  code: number,
  response: unknown,
  status = code === 200 ? 200 : code < 600 ? code : 400,
  success = code === 200,
): Response {
  return new Response(JSON.stringify({ code, success, response }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function failure(code: number, error = 'some_error', status?: number): Response {
  return reply(code, { error, message: `failed ${code}` }, status, false);
}

/** A client over an injected fetch; `handler` answers each request, `delays` records retry waits. */
function setup(
  handler: Handler,
  options: Partial<ApiClientOptions> & { session?: SessionTokens | null } = {},
) {
  const seen: Seen[] = [];
  const tokens = createMemoryTokenStore(options.session === null ? undefined : (options.session ?? SESSION));
  const delays: number[] = [];
  const onSessionReset = vi.fn();
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const req = {
      method: request.method,
      path: url.pathname + url.search,
      headers: request.headers,
      body: request.method === 'GET' ? '' : await request.text(),
    };
    seen.push(req);
    return handler(req, seen.length - 1);
  });
  const { session: _session, ...rest } = options;
  const client = createApiClient({
    baseUrl: 'http://api.test',
    tokens,
    deviceUid: () => DEVICE,
    fetch,
    onSessionReset,
    sleep: async (ms) => {
      delays.push(ms);
    },
    ...rest,
  });
  return { client, seen, tokens, delays, onSessionReset, fetch };
}

/** Routes by path: refreshToken and anonymousAuth get their own answers. */
function routes(handlers: { refresh?: Handler; anonymous?: Handler; other: Handler }): Handler {
  let refreshes = 0;
  let anonymousCount = 0;
  let others = 0;
  return (req) => {
    if (req.path === '/v1/agregator/refreshToken')
      return (handlers.refresh ?? (() => reply(200, anonymous(99))))(req, refreshes++);
    if (req.path.startsWith('/web/1/auth/'))
      return (handlers.anonymous ?? ((_r, n) => reply(200, anonymous(n))))(req, anonymousCount++);
    return handlers.other(req, others++);
  };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('createApiClient: requests', () => {
  it('sends the SPEC §7 headers and the bearer token', async () => {
    const { client, requests } = await serve(() => envelopeAnswer(200, PROFILE));
    await client.call('getProfile');
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/v1/agregator/getProfile',
      body: '{}',
      headers: {
        'x-platform': 'WEB',
        'x-mode': 'production',
        'x-device-platform': 'PC_WEB',
        'x-build-number': '99',
        authorization: 'Bearer access-1',
        'content-type': 'application/json',
      },
    });
    expect(requests[0]?.headers['x-access-token']).toBeUndefined();
  });

  it('adds X-Access-Token to sendAuth', async () => {
    const { client, requests } = await serve(() =>
      envelopeAnswer(200, { is_goodline: false, async_auth_uuid: null, resend_after: 60, code_ttl: 120 }),
    );
    await client.call('sendAuth', { body: { auth_type: 'phone', uid: '79991234567' } });
    expect(requests[0]?.headers['x-access-token']).toBe('access-1');
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ auth_type: 'phone', uid: '79991234567' });
  });

  it('sends the mode and device platform options and no Authorization without a token', async () => {
    const { client, requests, tokens } = await serve(() => envelopeAnswer(200, anonymous(1)), {
      mode: 'development',
      devicePlatform: 'IOS_WEB',
    });
    tokens.clear();
    await client.call('anonymousAuth', { params: { device_uid: DEVICE } });
    expect(requests[0]?.headers).toMatchObject({ 'x-mode': 'development', 'x-device-platform': 'IOS_WEB' });
    expect(requests[0]?.headers.authorization).toBeUndefined();
  });

  it('URL-encodes path params and adds the query', async () => {
    const { client, requests } = await serve(() => envelopeAnswer(200, { items: [] }));
    await client.call('getSimilar', { params: { id: 'a/b c?' }, query: { page_number: 0, limit: 30 } });
    expect(requests[0]?.url).toBe('/web/1/contents/a%2Fb%20c%3F/similar?page_number=0&limit=30');
  });

  it('sends GET calls without a body', async () => {
    const { client, requests } = await serve(() => envelopeAnswer(200, { collections: [] }));
    await client.call('getCollections', {
      query: { tab_id: 'Main2', RB_queue_count: 15, RB_teaser_count: 15 },
    });
    expect(requests[0]).toMatchObject({
      method: 'GET',
      url: '/web/1/collections?tab_id=Main2&RB_queue_count=15&RB_teaser_count=15',
      body: '',
    });
  });

  it('sends refreshToken as a form', async () => {
    const { client, requests } = await serve(() => envelopeAnswer(200, anonymous(1)));
    await client.call('refreshToken', {
      body: { grant_type: 'refresh_token', client_id: 'web', client_secret: 'web', refresh_token: 'r 1&x' },
    });
    expect(requests[0]?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(requests[0]?.body))).toEqual({
      grant_type: 'refresh_token',
      client_id: 'web',
      client_secret: 'web',
      refresh_token: 'r 1&x',
    });
  });

  it('sends the accessToken option instead of the stored token, without waiting or recovering', async () => {
    const { client, seen, delays } = setup(() => failure(910), { session: null });
    await rejection(client.call('logout', undefined, { accessToken: 'old-token' }));
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer old-token');
    expect(delays).toEqual([]);
  });

  it('throws on a missing path param before sending', async () => {
    const { client, seen } = setup(() => reply(200, {}));
    await expect(client.call('getContent', { params: { id: '' } })).rejects.toThrow(
      /missing path param "id"/,
    );
    expect(seen).toHaveLength(0);
  });
});

describe('createApiClient: answers', () => {
  it('returns the response of a success envelope', async () => {
    const { client } = await serve(() => envelopeAnswer(200, PROFILE));
    await expect(client.call('getProfile')).resolves.toEqual(PROFILE);
  });

  it('throws ApiError with the envelope error fields', async () => {
    const { client, requests } = await serve(() =>
      envelopeAnswer(
        429,
        {
          error: 'resend_too_early',
          message: 'Подождите',
          details: [{ path: 'uid', message: 'x' }],
          retry_after: 42,
        },
        429,
      ),
    );
    const error = await rejection(
      client.call('sendAuth', { body: { auth_type: 'phone', uid: '79991234567' } }),
    );
    expect({ ...error, message: error.message }).toEqual({
      name: 'ApiError',
      code: 429,
      httpStatus: 429,
      error: 'resend_too_early',
      message: 'Подождите',
      details: [{ path: 'uid', message: 'x' }],
      retryAfter: 42,
      callId: 'sendAuth',
    });
    expect(requests).toHaveLength(1);
  });

  it('throws bad_response for a body that is not JSON', async () => {
    const { client, requests } = await serve(() => ({
      status: 200,
      contentType: 'text/html',
      body: '<html>',
    }));
    const error = await rejection(client.call('getProfile'));
    expect(error).toMatchObject({ error: 'bad_response', code: 200, httpStatus: 200, callId: 'getProfile' });
    expect(requests).toHaveLength(1);
  });

  it('throws bad_response for JSON that is not an envelope', async () => {
    const { client } = setup(() => new Response('{"ok":true}', { status: 200 }));
    expect(await rejection(client.call('getProfile'))).toMatchObject({ error: 'bad_response' });
  });

  it('checks responses against the schemas it is given', async () => {
    const { client } = setup(() => reply(200, { profile_id: 'x' }), { schemas: calls });
    expect(await rejection(client.call('getProfile'))).toMatchObject({ error: 'bad_response', code: 200 });
  });

  it('resolves to the parsed response when it matches the schemas it is given', async () => {
    const { client } = setup(() => reply(200, { ...PROFILE, extra: 1 }), { schemas: calls });
    expect(await client.call('getProfile')).toEqual(PROFILE);
  });

  it('rejects an id the contract does not have, inherited object keys included', async () => {
    const { client, seen } = setup(() => reply(200, {}));
    await expect(client.call('toString' as 'getProfile')).rejects.toThrow(TypeError);
    expect(seen).toEqual([]);
  });

  it('passes responses through unchecked without schemas', async () => {
    const { client } = setup(() => reply(200, { profile_id: 'x' }));
    expect(await client.call('getProfile')).toEqual({ profile_id: 'x' });
  });

  it('throws network_error with code 0 when nothing answers', async () => {
    const { client, delays } = await serve(() => envelopeAnswer(200, PROFILE), {
      baseUrl: 'http://127.0.0.1:1',
    });
    const error = await rejection(client.call('getProfile'));
    expect(error).toMatchObject({ code: 0, httpStatus: 0, error: 'network_error', callId: 'getProfile' });
    expect(delays).toEqual([1000, 2000, 3000, 4000, 5000]);
  });
});

describe('createApiClient: retries', () => {
  it('retries a 5xx five times, 1000 ms × attempt apart, then throws', async () => {
    const { client, seen, delays } = setup(() => failure(500, 'internal_error'));
    expect(await rejection(client.call('getProfile'))).toMatchObject({ code: 500, error: 'internal_error' });
    expect(seen).toHaveLength(6);
    expect(delays).toEqual([1000, 2000, 3000, 4000, 5000]);
  });

  it('returns the answer of a retry that succeeds', async () => {
    const { client, delays } = setup((_req, n) => (n < 2 ? failure(503) : reply(200, PROFILE)));
    await expect(client.call('getProfile')).resolves.toEqual(PROFILE);
    expect(delays).toEqual([1000, 2000]);
  });

  it('retries network errors', async () => {
    const { client, seen } = setup((_req, n) => {
      if (n < 2) throw new TypeError('fetch failed');
      return reply(200, PROFILE);
    });
    await expect(client.call('getProfile')).resolves.toEqual(PROFILE);
    expect(seen).toHaveLength(3);
  });

  it('retries a proxy 502 page without an envelope', async () => {
    const { client, seen } = setup((_req, n) =>
      n === 0 ? new Response('Bad Gateway', { status: 502 }) : reply(200, PROFILE),
    );
    await expect(client.call('getProfile')).resolves.toEqual(PROFILE);
    expect(seen).toHaveLength(2);
  });

  it.each([200, 502, 901, 520, 424])(
    'never retries envelope code %i, even with retryClientErrors',
    async (code) => {
      const { client, seen, delays } = setup(() => failure(code, 'x', 400), { retryClientErrors: true });
      expect(await rejection(client.call('anonymousAuth', { params: { device_uid: DEVICE } }))).toMatchObject(
        { code },
      );
      expect(seen).toHaveLength(1);
      expect(delays).toEqual([]);
    },
  );

  it.each([400, 403, 404, 429, 900])('does not retry code %i by default', async (code) => {
    const { client, seen } = setup(() => failure(code));
    expect(await rejection(client.call('getProfile'))).toMatchObject({ code });
    expect(seen).toHaveLength(1);
  });

  it('retries 4xx with retryClientErrors (the literal SPEC rule)', async () => {
    const { client, seen, delays } = setup(() => failure(429, 'rate_limited'), { retryClientErrors: true });
    await rejection(client.call('getProfile'));
    expect(seen).toHaveLength(6);
    expect(delays).toEqual([1000, 2000, 3000, 4000, 5000]);
  });

  it('does not retry a call whose definition has noRetry (asyncAuthSMSVerify)', async () => {
    const { client, seen } = setup(() => failure(500));
    await rejection(
      client.call('asyncAuthSMSVerify', {
        body: { async_auth_uuid: '3b241101-e2bb-4255-8caf-4136c566a962', verify_code: '1234' },
      }),
    );
    expect(seen).toHaveLength(1);
  });

  it('does not retry sendAuth on a 503 or a network failure: each try may send an SMS and spend quotas', async () => {
    for (const answer of [
      () => failure(503, 'provider_unavailable'),
      (): Response => {
        throw new TypeError('fetch failed');
      },
    ]) {
      const { client, seen, delays } = setup(answer);
      await rejection(client.call('sendAuth', { body: { auth_type: 'phone', uid: '79991234567' } }));
      expect(seen).toHaveLength(1);
      expect(delays).toEqual([]);
    }
  });

  it('does not retry when the call option noRetry is set', async () => {
    const { client, seen } = setup(() => failure(500));
    await rejection(client.call('getProfile', undefined, { noRetry: true }));
    expect(seen).toHaveLength(1);
  });

  it('waits 1000 ms on the clock before the first retry', async () => {
    vi.useFakeTimers();
    const { client, seen } = setup((_req, n) => (n === 0 ? failure(500) : reply(200, PROFILE)), {
      sleep: undefined,
    });
    const result = client.call('getProfile');
    await vi.advanceTimersByTimeAsync(999);
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual(PROFILE);
    expect(seen).toHaveLength(2);
  });

  it('stops retrying when the call is aborted', async () => {
    const controller = new AbortController();
    const { client, seen } = setup(() => failure(500), {
      sleep: async () => {
        controller.abort(new Error('left the page'));
      },
    });
    await expect(client.call('getProfile', undefined, { signal: controller.signal })).rejects.toThrow(
      'left the page',
    );
    expect(seen).toHaveLength(1);
  });
});

describe('createApiClient: keepalive', () => {
  it('sends a call with keepalive and the bearer header when asked (a report as the page closes)', async () => {
    const requests: Request[] = [];
    const { client } = setup(() => reply(200, { saved: true, progress: PROGRESS }), {
      fetch: vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
        requests.push(new Request(input, init));
        return reply(200, { saved: true, progress: PROGRESS });
      }),
    });
    const body = { EK_id: 1, position: 60, duration: 5400, playback_id: PLAYBACK, seq: 1 };
    await client.call('saveWatchProgress', { body }, { keepalive: true });
    await client.call('saveWatchProgress', { body: { ...body, seq: 2 } });
    expect(requests.map((r) => r.keepalive)).toEqual([true, false]);
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer access-1');
    expect(requests[0]?.headers.get('content-type')).toContain('application/json');
  });
});

describe('createApiClient: 901 token expired', () => {
  it('refreshes with a form, stores the new tokens and retries the call once', async () => {
    const { client, seen, tokens } = setup(
      routes({
        refresh: () =>
          reply(200, {
            ...SESSION,
            access_token: 'access-2',
            refresh_token: 'refresh-2',
            expires_in: 900,
            token_type: 'Bearer',
          }),
        other: (req) =>
          req.headers.get('authorization') === 'Bearer access-2' ? reply(200, PROFILE) : failure(901),
      }),
    );
    await expect(client.call('getProfile')).resolves.toEqual(PROFILE);
    expect(seen.map((r) => r.path)).toEqual([
      '/v1/agregator/getProfile',
      '/v1/agregator/refreshToken',
      '/v1/agregator/getProfile',
    ]);
    expect(seen[1]?.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(seen[1]?.body))).toEqual({
      grant_type: 'refresh_token',
      client_id: 'web',
      client_secret: 'web',
      refresh_token: 'refresh-1',
    });
    expect(tokens.getAccessToken()).toBe('access-2');
    expect(tokens.getRefreshToken()).toBe('refresh-2');
  });

  it('uses the clientId and clientSecret options', async () => {
    const { client, seen } = setup(
      routes({
        other: (req) =>
          req.headers.get('authorization') === 'Bearer anon-99' ? reply(200, PROFILE) : failure(901),
      }),
      { clientId: 'tv', clientSecret: 's3cret' },
    );
    await client.call('getProfile');
    expect(new URLSearchParams(seen[1]?.body).get('client_id')).toBe('tv');
    expect(new URLSearchParams(seen[1]?.body).get('client_secret')).toBe('s3cret');
  });

  it('shares one refresh between parallel calls', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { client, seen } = setup(
      routes({
        refresh: async () => {
          await gate;
          return reply(200, anonymous(2));
        },
        other: (req) =>
          req.headers.get('authorization') === 'Bearer anon-2' ? reply(200, PROFILE) : failure(901),
      }),
    );
    const all = Promise.all([
      client.call('getProfile'),
      client.call('getProfile'),
      client.call('getProfile'),
    ]);
    await vi.waitFor(() => expect(seen.filter((r) => r.path.endsWith('refreshToken'))).toHaveLength(1));
    release();
    await expect(all).resolves.toEqual([PROFILE, PROFILE, PROFILE]);
    expect(seen.filter((r) => r.path.endsWith('refreshToken'))).toHaveLength(1);
  });

  it('throws the second 901 instead of refreshing again', async () => {
    const { client, seen } = setup(routes({ other: () => failure(901) }));
    expect(await rejection(client.call('getProfile'))).toMatchObject({ code: 901 });
    expect(seen.map((r) => r.path.split('/').pop())).toEqual(['getProfile', 'refreshToken', 'getProfile']);
  });

  it('treats a refresh refused with 910 as a session reset', async () => {
    const { client, seen, tokens, onSessionReset } = setup(
      routes({
        refresh: () => failure(910, 'session_invalid'),
        other: (req) =>
          req.headers.get('authorization') === 'Bearer anon-0' ? reply(200, PROFILE) : failure(901),
      }),
    );
    await expect(client.call('getProfile')).resolves.toEqual(PROFILE);
    expect(seen.map((r) => r.path)).toEqual([
      '/v1/agregator/getProfile',
      '/v1/agregator/refreshToken',
      `/web/1/auth/${DEVICE}`,
      '/v1/agregator/getProfile',
    ]);
    expect(onSessionReset).toHaveBeenCalledTimes(1);
    expect(tokens.getAccessToken()).toBe('anon-0');
  });

  it('treats a refresh refused with 401 as a session reset', async () => {
    const { client, seen } = setup(
      routes({
        refresh: () => failure(401, 'invalid_client'),
        other: (req) =>
          req.headers.get('authorization') === 'Bearer anon-0' ? reply(200, PROFILE) : failure(901),
      }),
    );
    await expect(client.call('getProfile')).resolves.toEqual(PROFILE);
    expect(seen.some((r) => r.path.startsWith('/web/1/auth/'))).toBe(true);
  });
});

describe('createApiClient: 910 session invalid', () => {
  it('clears the tokens, calls onSessionReset, gets an anonymous session and retries once', async () => {
    const { client, seen, tokens, onSessionReset } = setup(
      routes({
        other: (req) =>
          req.headers.get('authorization') === 'Bearer anon-0' ? reply(200, PROFILE) : failure(910),
      }),
    );
    const clear = vi.spyOn(tokens, 'clear');
    await expect(client.call('getProfile')).resolves.toEqual(PROFILE);
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/agregator/getProfile',
      `GET /web/1/auth/${DEVICE}`,
      'POST /v1/agregator/getProfile',
    ]);
    expect(clear).toHaveBeenCalledTimes(1);
    expect(onSessionReset).toHaveBeenCalledTimes(1);
    expect(clear.mock.invocationCallOrder[0]).toBeLessThan(onSessionReset.mock.invocationCallOrder[0] ?? 0);
    expect(tokens.getAccessToken()).toBe('anon-0');
    expect(tokens.getRefreshToken()).toBe('anon-refresh-0');
  });

  it('shares one reset between parallel calls', async () => {
    const { client, seen, onSessionReset } = setup(
      routes({
        other: (req) =>
          req.headers.get('authorization') === 'Bearer anon-0' ? reply(200, PROFILE) : failure(910),
      }),
    );
    await expect(
      Promise.all([client.call('getProfile'), client.call('getProfile'), client.call('getProfile')]),
    ).resolves.toEqual([PROFILE, PROFILE, PROFILE]);
    expect(seen.filter((r) => r.path.startsWith('/web/1/auth/'))).toHaveLength(1);
    expect(onSessionReset).toHaveBeenCalledTimes(1);
  });

  it('throws a 910 that repeats after the reset', async () => {
    const { client, seen } = setup(routes({ other: () => failure(910) }));
    expect(await rejection(client.call('getProfile'))).toMatchObject({ code: 910 });
    expect(seen).toHaveLength(3);
  });

  it('does not recover the session calls themselves', async () => {
    const { client, seen } = setup(() => failure(910));
    await rejection(client.call('anonymousAuth', { params: { device_uid: DEVICE } }));
    expect(seen).toHaveLength(1);
  });
});

describe('createApiClient: token wait', () => {
  it('waits for a token before a session call, polling every 100 ms', async () => {
    vi.useFakeTimers();
    const { client, seen, tokens } = setup(() => reply(200, PROFILE), { session: null, sleep: undefined });
    const result = client.call('getProfile');
    await vi.advanceTimersByTimeAsync(250);
    expect(seen).toHaveLength(0);
    tokens.setTokens(SESSION);
    await vi.advanceTimersByTimeAsync(50);
    await expect(result).resolves.toEqual(PROFILE);
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer access-1');
  });

  it('sends anyway after 10 × 100 ms without a token', async () => {
    vi.useFakeTimers();
    const { client, seen } = setup(() => reply(200, PROFILE), { session: null, sleep: undefined });
    const result = client.call('getProfile');
    await vi.advanceTimersByTimeAsync(999);
    expect(seen).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual(PROFILE);
    expect(seen[0]?.headers.get('authorization')).toBeNull();
  });

  it('does not wait before calls that need no session', async () => {
    const { client, delays } = setup(() => reply(200, anonymous(1)), { session: null });
    await client.call('anonymousAuth', { params: { device_uid: DEVICE } });
    expect(delays).toEqual([]);
  });
});
