import { type createApiClient, type createMemoryTokenStore, isApiError } from '@kadr/api-client';
import { describe, expect, it } from 'vitest';
import { listeningClient, pgliteBackend, type TestApi, useApi } from './test/harness';

const PHONE = '79261234567';
const DEVICE = 'web_clientdevice0001';

// The server driven through the real client: the contract, envelope and 901/910 recovery end to end.
describe('through @kadr/api-client (PGlite)', () => {
  const api = useApi(pgliteBackend);

  async function setup() {
    const t = await api.setup({ PUSH_SIGNIN: 'off' });
    const { client, tokens } = await listeningClient(t.app, DEVICE);
    return { t, tokens, client };
  }

  async function signIn(
    t: TestApi,
    client: ReturnType<typeof createApiClient>,
    tokens: ReturnType<typeof createMemoryTokenStore>,
  ) {
    tokens.setTokens(await client.call('anonymousAuth', { params: { device_uid: DEVICE } }));
    const sent = await client.call('sendAuth', { body: { auth_type: 'phone', uid: PHONE } });
    expect(sent).toMatchObject({ is_goodline: false, code_ttl: 120 });
    const session = await client.call('authApp', {
      body: {
        grant_type: 'mega',
        client_id: 'web',
        client_secret: 'web',
        auth_type: 'phone',
        dev_type: 'SMARTTV',
        dev_model: 'web',
        verify_code: await t.lastCode(PHONE),
        uid: PHONE,
        device_uid: DEVICE,
      },
    });
    tokens.setTokens(session);
    return session;
  }

  it('signs in by SMS and reads the profile', async () => {
    const { t, tokens, client } = await setup();
    const session = await signIn(t, client, tokens);
    expect(await client.call('getProfile')).toEqual({
      profile_id: session.profile_id,
      phone: PHONE,
      external_accounts: [],
    });
  });

  it('refreshes an expired access token (901) and retries', async () => {
    const { t, tokens, client } = await setup();
    await signIn(t, client, tokens);
    const before = tokens.getRefreshToken();
    t.clock.advance(901);
    expect(await client.call('getProfile')).toMatchObject({ phone: PHONE });
    expect(tokens.getRefreshToken()).not.toBe(before);
  });

  it('falls back to an anonymous session after logout (910)', async () => {
    const { t, tokens, client } = await setup();
    await signIn(t, client, tokens);
    await client.call('logout');
    expect(await client.call('getProfile')).toMatchObject({ phone: null });
  });

  it('surfaces the error envelope: Russian message, details, no retry', async () => {
    const { t, tokens, client } = await setup();
    tokens.setTokens(await client.call('anonymousAuth', { params: { device_uid: DEVICE } }));
    const error = await client
      .call('sendAuth', { body: { auth_type: 'phone', uid: '7123' } })
      .catch((e: unknown) => e);
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({
      code: 400,
      httpStatus: 400,
      error: 'invalid_phone',
      message: 'Неверный номер телефона',
    });
    void t;
  });
});
