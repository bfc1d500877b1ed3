import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage, logout } from './index.js';
import { apiError, createFakeApi } from './testing/fake-api.js';

function setup(handler: () => unknown = () => ({ ok: true })) {
  const storage = createMemoryStorage({
    AUTH: 'true',
    access_token: 'a1',
    refresh_token: 'r1',
    login: '79123456789',
    profile_id: '42',
    device_uid: 'web_abcdefghijklmnop',
  });
  const order: string[] = [];
  const fake = createFakeApi({
    logout: () => {
      order.push(`call:${JSON.stringify(storage.snapshot())}`);
      return handler();
    },
  });
  const reload = vi.fn(() => order.push('reload'));
  const log = vi.fn();
  return { storage, fake, reload, order, log };
}

describe('logout', () => {
  it('clears the session, then calls the server, then reloads', async () => {
    const { storage, fake, reload, order, log } = setup();
    await logout({ api: fake.api, storage, reload, log });
    expect(order).toEqual([
      `call:${JSON.stringify({ AUTH: 'false', device_uid: 'web_abcdefghijklmnop' })}`,
      'reload',
    ]);
  });

  it('sends the call with the token read before it was removed', async () => {
    const { storage, fake, reload } = setup();
    await logout({ api: fake.api, storage, reload });
    expect(fake.calls).toEqual([{ id: 'logout', input: {}, options: { accessToken: 'a1', noRetry: true } }]);
  });

  it('ignores a failing server call and still reloads', async () => {
    const { storage, fake, reload, log } = setup(() => {
      throw apiError(910);
    });
    await expect(logout({ api: fake.api, storage, reload, log })).resolves.toBeUndefined();
    expect(reload).toHaveBeenCalledOnce();
    expect(log).toHaveBeenCalledWith('logout_call_failed', expect.objectContaining({ code: 910 }));
  });

  it('sends no token when none was stored', async () => {
    const storage = createMemoryStorage({ AUTH: 'false' });
    const fake = createFakeApi({ logout: { ok: true } });
    await logout({ api: fake.api, storage, reload: () => {} });
    expect(fake.calls[0]?.options).toEqual({ noRetry: true });
  });
});
