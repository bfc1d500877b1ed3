import { createMemoryStorage } from '@kadr/auth-session';
import { describe, expect, it } from 'vitest';
import { METRIC_SESSION_KEY, resolveMetricCounterId } from './metric-id';

const SITE = 'https://kadr.example/promo/web/';
const COUNTERS = { fallback: '10000001', allowed: ['98765432', '555'] };

describe('the visit’s analytics counter', () => {
  it('is the configured default when the address has no metric parameter', () => {
    const session = createMemoryStorage();
    expect(resolveMetricCounterId(SITE, session, COUNTERS)).toBe('10000001');
    expect(session.getItem(METRIC_SESSION_KEY)).toBeNull();
  });

  it('is the address’s metric, kept for the rest of the visit', () => {
    const session = createMemoryStorage();
    expect(resolveMetricCounterId(`${SITE}?metric=98765432&utm_source=tv`, session, COUNTERS)).toBe(
      '98765432',
    );
    expect(resolveMetricCounterId(`${SITE}movie/42/`, session, COUNTERS)).toBe('98765432');
  });

  it('ignores a malformed metric and keeps what the visit had', () => {
    const session = createMemoryStorage();
    for (const bad of ['', 'abc', '0', '-5', '1e9', '1234567890123', '12<script>']) {
      expect(resolveMetricCounterId(`${SITE}?metric=${encodeURIComponent(bad)}`, session, COUNTERS)).toBe(
        '10000001',
      );
    }
    resolveMetricCounterId(`${SITE}?metric=555`, session, COUNTERS);
    expect(resolveMetricCounterId(`${SITE}?metric=oops`, session, COUNTERS)).toBe('555');
  });

  it('ignores a counter that is not allowed (a link cannot report visits to a stranger’s counter)', () => {
    const session = createMemoryStorage();
    expect(resolveMetricCounterId(`${SITE}?metric=31337`, session, COUNTERS)).toBe('10000001');
    expect(resolveMetricCounterId(`${SITE}?metric=31337`, session, { fallback: '', allowed: [] })).toBe('');
    expect(session.getItem(METRIC_SESSION_KEY)).toBeNull();
  });

  it('ignores a tampered stored value', () => {
    const session = createMemoryStorage();
    session.setItem(METRIC_SESSION_KEY, 'x');
    expect(resolveMetricCounterId(SITE, session, { fallback: '', allowed: ['1'] })).toBe('');
  });
});
