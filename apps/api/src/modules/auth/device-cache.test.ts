import { describe, expect, it } from 'vitest';
import { DeviceProfileCache } from './device-cache';
import { SessionCache } from './session-cache';

function setup(ttlSeconds = 5, capacity = 3) {
  let ms = Date.parse('2030-01-15T10:00:00Z');
  const clock = { now: () => new Date(ms) };
  const sessions = new SessionCache(clock, ttlSeconds);
  const devices = new DeviceProfileCache(clock, ttlSeconds, sessions, capacity);
  return { devices, sessions, advance: (seconds: number) => (ms += seconds * 1000) };
}

describe('DeviceProfileCache', () => {
  it('answers a remembered device until its TTL passes', () => {
    const { devices, advance } = setup();
    devices.remember('web_device1', 11);
    advance(4.999);
    expect(devices.lookup('web_device1')).toBe(11);
    advance(0.001);
    expect(devices.lookup('web_device1')).toBeUndefined();
  });

  it('forgets a device whose profile got a phone, and is not filled with it again', () => {
    const { devices, sessions } = setup();
    devices.remember('web_device1', 11);
    sessions.endAnonymousSessionsOf([11]);
    expect(devices.lookup('web_device1')).toBeUndefined();
    devices.remember('web_device1', 11);
    expect(devices.lookup('web_device1')).toBeUndefined();
    devices.remember('web_device1', 12);
    expect(devices.lookup('web_device1')).toBe(12);
  });

  it('re-reads every device after the session cache dropped its live entries (missed announcements)', () => {
    const { devices, sessions, advance } = setup();
    devices.remember('web_device1', 11);
    advance(1);
    sessions.dropLive();
    expect(devices.lookup('web_device1')).toBeUndefined();
    advance(1);
    devices.remember('web_device1', 11);
    expect(devices.lookup('web_device1')).toBe(11);
  });

  it('keeps at most its capacity, dropping the device filled longest ago', () => {
    const { devices } = setup(5, 2);
    devices.remember('web_device1', 1);
    devices.remember('web_device2', 2);
    devices.remember('web_device3', 3);
    expect(devices.size).toBe(2);
    expect(devices.lookup('web_device1')).toBeUndefined();
    expect(devices.lookup('web_device3')).toBe(3);
  });

  it('remembers nothing with a TTL of 0', () => {
    const { devices } = setup(0);
    devices.remember('web_device1', 11);
    expect(devices.lookup('web_device1')).toBeUndefined();
  });
});
