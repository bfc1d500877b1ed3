import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callList, calls, envelope, errorEnvelope } from './index.js';

const all = callList.map((c) => [c.id, c] as const);

describe('calls registry', () => {
  it('keys every call by its own id', () => {
    for (const [key, call] of Object.entries(calls)) expect(call.id).toBe(key);
  });

  it('has unique ids', () => {
    const ids = all.map(([, c]) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has a unique method and path per call', () => {
    const routes = all.map(([, c]) => `${c.method} ${c.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('holds every SPEC §7 call with a known path', () => {
    const routes = new Set(all.map(([, c]) => `${c.method} ${c.path}`));
    const spec = [
      'GET /web/1/auth/:device_uid',
      'GET /web/1/collections',
      'POST /v1/agregator/getReleaseChannel',
      'POST /v1/agregator/getTvSchedule',
      'POST /v1/agregator/getPackageByChannel',
      'GET /web/2/contents/:id',
      'GET /web/2/seasons/:season_id/episodes',
      'POST /v1/agregator/getSeasonByEpisodeId',
      'GET /web/1/releases/:id',
      'GET /web/1/contents/:id/similar',
      'POST /v1/agregator/createPayment',
      'POST /v1/agregator/checkPayment',
      'POST /v1/agregator/getCardList',
      'POST /v1/agregator/deleteCard',
      'POST /v1/agregator/getEkPackages',
      'POST /v2/agregator/searchHint',
      'POST /v1/agregator/getPackageInfoById',
      'POST /v1/agregator/refreshToken',
      'POST /v1/agregator/asyncAuthCheck',
      'POST /v1/agregator/asyncAuthSMSVerify',
      'POST /v1/agregator/authApp',
      'POST /v1/agregator/sendAuth',
      'POST /v1/agregator/unsubscribePackage',
      'POST /v1/agregator/restorePackage',
      'POST /v1/agregator/setProfileUtm',
      'POST /v1/agregator/getProfile',
      'POST /v1/agregator/listReceipts',
    ];
    expect(spec.filter((r) => !routes.has(r))).toEqual([]);
  });

  it('gives GET calls no body and declares a schema for every path param', () => {
    for (const [, c] of all) {
      if (c.method === 'GET') expect(c.body, c.id).toBeUndefined();
      const names = [...c.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const shape = c.params instanceof z.ZodObject ? Object.keys(c.params.shape) : [];
      expect(shape.sort(), c.id).toEqual(names.sort());
    }
  });

  it('sends only refreshToken as a form', () => {
    const forms = all.filter(([, c]) => c.bodyEncoding === 'form').map(([id]) => id);
    expect(forms).toEqual(['refreshToken']);
  });

  it('wraps payloads and errors in the {code, success, response} envelope', () => {
    expect(
      envelope(z.object({ a: z.number() })).parse({ code: 200, success: true, response: { a: 1 } }),
    ).toEqual({
      code: 200,
      success: true,
      response: { a: 1 },
    });
    expect(
      errorEnvelope.safeParse({
        code: 910,
        success: false,
        response: { error: 'session_invalid', message: 'x' },
      }).success,
    ).toBe(true);
    expect(errorEnvelope.safeParse({ code: 910, success: false, response: { message: 'x' } }).success).toBe(
      false,
    );
  });
});
