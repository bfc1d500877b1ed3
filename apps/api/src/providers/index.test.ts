import { describe, expect, it } from 'vitest';
import { FakeClock, pgliteBackend, testEnv, useApi } from '../test/harness';
import { createProviders } from '.';
import { createYooKassaSandbox } from './payments';

const api = useApi(pgliteBackend);

describe('createProviders: payments', () => {
  it('is real YooKassa when YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY are set', () => {
    const env = testEnv({ YOOKASSA_SHOP_ID: '100500', YOOKASSA_SECRET_KEY: 'live_secret' });
    const providers = createProviders(env, api.database.db, new FakeClock());
    expect(providers.payments.kind).toBe('yookassa');
  });

  it('is the adapter over the sandbox emulator otherwise, answering in-process', async () => {
    const env = testEnv();
    const clock = new FakeClock();
    const sandbox = createYooKassaSandbox(api.database.db, clock, env.yookassaSandbox);
    const { payments } = createProviders(env, api.database.db, clock, { yookassa: sandbox });
    expect(payments.kind).toBe('sandbox');
    const created = await payments.createPayment({
      amount: { value: '1.00', currency: 'RUB' },
      capture: true,
      confirmation: { type: 'embedded' },
      idempotenceKey: 'k',
    });
    expect((await payments.getPayment(created.id)).status).toBe('pending');
  });

  it('refuses to start with neither', () => {
    expect(() => createProviders(testEnv(), api.database.db, new FakeClock())).toThrow(
      /^No payment provider: set YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY$/,
    );
  });
});
