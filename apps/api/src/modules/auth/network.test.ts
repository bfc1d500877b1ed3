import { describe, expect, it } from 'vitest';
import { addressBucket, goodlineMatcher, requesterContext, requesterRules, subnetBucket } from './network';

describe('goodlineMatcher', () => {
  const isGoodline = goodlineMatcher(['203.0.113.0/24', '198.51.100.7', '2001:db8::/32']);

  it('matches IPv4, IPv4-mapped IPv6 and IPv6 addresses inside the ranges', () => {
    expect(['203.0.113.1', '::ffff:203.0.113.200', '198.51.100.7', '2001:db8:1::5'].map(isGoodline)).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it('does not match addresses outside', () => {
    expect(['203.0.114.1', '198.51.100.8', '2001:db9::1', '127.0.0.1'].map(isGoodline)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('matches nothing without ranges', () => {
    expect(goodlineMatcher([])('203.0.113.1')).toBe(false);
  });
});

describe('addressBucket', () => {
  it('keeps IPv4 addresses, unmapping IPv4-mapped ones', () => {
    expect(addressBucket('10.1.2.3')).toBe('10.1.2.3');
    expect(addressBucket('::ffff:10.1.2.3')).toBe('10.1.2.3');
  });

  it('counts IPv6 addresses by their /64', () => {
    expect(addressBucket('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64');
    expect(addressBucket('2001:0db8:00aa:00bb::9')).toBe('2001:db8:aa:bb::/64');
    expect(addressBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
  });
});

describe('subnetBucket', () => {
  it('counts IPv4 addresses by their /24, unmapping IPv4-mapped ones', () => {
    expect(subnetBucket('10.1.2.3')).toBe('10.1.2.0/24');
    expect(subnetBucket('::ffff:10.1.2.250')).toBe('10.1.2.0/24');
  });

  it('counts IPv6 addresses by their /48', () => {
    expect(subnetBucket('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa::/48');
    expect(subnetBucket('2001:0db8:00aa:ffff::9')).toBe('2001:db8:aa::/48');
    expect(subnetBucket('2001:db8::1')).toBe('2001:db8:0::/48');
  });
});

describe('requesterRules', () => {
  it('names an address rule and a subnet rule over one window', () => {
    expect(requesterRules('send', '203.0.113.9', 3600, { perAddress: 20, perSubnet: 100 })).toEqual([
      { key: 'send:ip:203.0.113.9', windowSeconds: 3600, limit: 20 },
      { key: 'send:net:203.0.113.0/24', windowSeconds: 3600, limit: 100 },
    ]);
  });
});

describe('requesterContext', () => {
  const at = new Date('2030-01-15T10:00:00Z');

  it('names the device platform in Russian and the network the limits count', () => {
    expect(requesterContext('IOS_WEB', '::ffff:198.51.100.7', at)).toEqual({
      device: 'браузер на iPhone или iPad',
      network: '198.51.100.7',
      at,
    });
  });

  it('says the device is unknown for a missing or unexpected header', () => {
    expect(requesterContext(undefined, '10.0.0.1', at).device).toBe('неизвестное устройство');
    expect(requesterContext('<script>', '10.0.0.1', at).device).toBe('неизвестное устройство');
    expect(requesterContext('toString', '10.0.0.1', at).device).toBe('неизвестное устройство');
  });
});
