import { describe, expect, it } from 'vitest';
import { callList, calls, routes } from './index.js';

/** The routes-table fields of a call definition, with the optional ones left out when absent. */
function routeOf(call: object): object {
  const { method, path, bodyEncoding, auth, noRetry } = call as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries({ method, path, bodyEncoding, auth, noRetry }).filter(([, v]) => v !== undefined),
  );
}

describe('routes table', () => {
  it('gives every registry call the method, path, body encoding, auth and no-retry flag of its entry', () => {
    for (const call of callList) {
      expect(routeOf(call), call.id).toEqual(routes[call.id as keyof typeof routes]);
    }
  });

  it('has a registry call for every entry, and an entry for every registry call', () => {
    expect(Object.keys(routes).sort()).toEqual(Object.keys(calls).sort());
  });
});
