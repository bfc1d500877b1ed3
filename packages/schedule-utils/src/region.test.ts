import { describe, expect, it } from 'vitest';
import { regionInfo, viewerTimeZone } from './index.js';

describe('regionInfo', () => {
  it('is JSON text with the zone and its offset now', () => {
    expect(JSON.parse(regionInfo('Europe/Moscow', Date.parse('2026-11-24T12:00:00Z')))).toEqual({
      timezone: 'Europe/Moscow',
      utc_offset: '+03:00',
    });
  });

  it('names the device’s zone', () => {
    expect(viewerTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
