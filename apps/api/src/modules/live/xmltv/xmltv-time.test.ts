import { describe, expect, it } from 'vitest';
import { parseXmltvTime } from './xmltv-time';

const iso = (text: string) => {
  const parsed = parseXmltvTime(text);
  return parsed.ok ? parsed.date.toISOString() : parsed.problem;
};

describe('XMLTV times', () => {
  it('honours the offset, and takes UTC without one (the DTD)', () => {
    expect(iso('20300115063000 +0300')).toBe('2030-01-15T03:30:00.000Z');
    expect(iso('20300115063000 +0500')).toBe('2030-01-15T01:30:00.000Z');
    expect(iso('20300115013000 -0330')).toBe('2030-01-15T05:00:00.000Z');
    expect(iso('20300115063000')).toBe('2030-01-15T06:30:00.000Z');
    expect(iso('203001150630')).toBe('2030-01-15T06:30:00.000Z');
    expect(iso('20300115063015+0300')).toBe('2030-01-15T03:30:15.000Z');
    expect(iso('20300115063000 UTC')).toBe('2030-01-15T06:30:00.000Z');
    expect(iso('20300115063000 GMT')).toBe('2030-01-15T06:30:00.000Z');
  });

  it('crosses midnight and the year by the offset', () => {
    expect(iso('20300101013000 +0300')).toBe('2029-12-31T22:30:00.000Z');
    expect(iso('20291231233000 -0100')).toBe('2030-01-01T00:30:00.000Z');
  });

  it('refuses what is not a time, with the reason', () => {
    expect(iso('2030011506')).toBe('expected YYYYMMDDhhmm[ss] and a zone (+0300)');
    expect(iso('2030-01-15 06:30')).toBe('expected YYYYMMDDhhmm[ss] and a zone (+0300)');
    expect(iso('20300115063000 +3')).toBe('expected YYYYMMDDhhmm[ss] and a zone (+0300)');
    expect(iso('20300230063000 +0300')).toBe('no day 30 in 2030-02');
    expect(iso('20281301063000 +0300')).toBe('no month 13');
    expect(iso('20300115246000 +0300')).toBe('no time 24:60:00');
    expect(iso('20300115063000 +1500')).toBe('no time zone +1500');
    expect(iso('20300115063000 +0360')).toBe('no time zone +0360');
    expect(iso('19690115063000 +0300')).toBe('year 1969 is outside 1970–8999');
    expect(iso('20300115063000 MSK')).toBe('time zone "MSK" is not supported: give the offset (+0300)');
  });

  it('takes 29 February in leap years only', () => {
    expect(iso('20280229120000 +0000')).toBe('2028-02-29T12:00:00.000Z');
    expect(iso('20290229120000 +0000')).toBe('no day 29 in 2029-02');
  });
});
