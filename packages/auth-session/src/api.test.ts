import type { ApiClient, TokenStore as ClientTokenStore } from '@kadr/api-client';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type AuthApi, isApiErrorLike, type TokenStore } from './index.js';

describe('AuthApi port', () => {
  it("accepts @kadr/api-client's client, and our TokenStore fits the client's", () => {
    expectTypeOf<ApiClient>().toExtend<AuthApi>();
    expectTypeOf<TokenStore>().toExtend<ClientTokenStore>();
  });

  it('rejects an object whose call does not fit the contract', () => {
    // @ts-expect-error: a call that answers numbers is not an AuthApi.
    const bad: AuthApi = { call: async (_id: 'sendAuth') => 1 };
    expect(bad).toBeDefined();
  });
});

describe('isApiErrorLike', () => {
  it('recognises any object with a numeric code', () => {
    expect(isApiErrorLike({ code: 502 })).toBe(true);
    expect(isApiErrorLike(Object.assign(new Error('x'), { code: 520 }))).toBe(true);
  });

  it.each([null, undefined, 'x', 502, new Error('x'), { code: '502' }])('rejects %j', (value) => {
    expect(isApiErrorLike(value)).toBe(false);
  });
});
