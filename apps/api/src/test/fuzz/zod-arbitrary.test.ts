import { callList, id, phone } from '@kadr/api-contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isoDateTime, zodArbitrary } from './zod-arbitrary.ts';

const sample = <T>(arbitrary: fc.Arbitrary<T>, numRuns = 200) => fc.sample(arbitrary, { seed: 1, numRuns });

describe('zodArbitrary', () => {
  it('draws values every request part of every call accepts (params, query, body)', () => {
    for (const call of callList) {
      for (const part of [call.params, call.query, call.body]) {
        if (!part) continue;
        for (const value of sample(zodArbitrary(part), 50))
          expect(part.safeParse(value).success, `${call.id}: ${JSON.stringify(value)}`).toBe(true);
      }
    }
  });

  it('draws text beyond ASCII for a plain string: Cyrillic, control characters, lone surrogates', () => {
    const all = sample(zodArbitrary(z.string().max(50)), 400);
    expect(all.some((t) => /[\u0080-\uffff]/.test(t))).toBe(true);
    expect(all.some((t) => t.includes('\u0000'))).toBe(true);
    expect(all.some((t) => /[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(t))).toBe(true);
  });

  it('draws mostly the small ids a seeded catalogue holds, and sometimes any id', () => {
    const ids = sample(zodArbitrary(id), 400);
    expect(ids.filter((n) => n <= 64).length).toBeGreaterThan(200);
    expect(ids.some((n) => n > 64)).toBe(true);
  });

  it('draws phones by their pattern', () => {
    expect(sample(zodArbitrary(phone), 50).every((p) => /^7\d{10}$/.test(p))).toBe(true);
  });

  it('draws ISO date-times with offsets, around now and as far as the years 1 and 9999', () => {
    const dates = sample(isoDateTime(), 400);
    expect(dates.every((d) => /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?(Z|[+-]\d\d:\d\d)$/.test(d))).toBe(true);
    expect(dates.some((d) => d.startsWith('20'))).toBe(true);
    expect(dates.some((d) => !/^20[23]/.test(d))).toBe(true);
  });

  it('throws on a schema kind it does not map, so a new kind in the contract is not left unfuzzed', () => {
    expect(() => zodArbitrary(z.object({ at: z.bigint() }))).toThrow('schema kind bigint is not mapped');
    expect(() => zodArbitrary(z.email())).toThrow('string format email');
  });
});
