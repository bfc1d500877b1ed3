import type { ContentKind } from '@kadr/player-core';
import { describe, expect, it } from 'vitest';
import type { DeviceKind } from '../../shared/device';
import { offersOfflineDownload } from './offline-download';

function setup(overrides: Partial<Parameters<typeof offersOfflineDownload>[0]> = {}) {
  return offersOfflineDownload({
    device: 'mobile',
    contentKind: 'film',
    trailer: false,
    embedded: false,
    ...overrides,
  });
}

describe('offersOfflineDownload', () => {
  it('offers it on a phone for films and series episodes', () => {
    expect((['film', 'series'] as ContentKind[]).map((contentKind) => setup({ contentKind }))).toEqual([
      true,
      true,
    ]);
  });

  it('offers it on no desktop and no TV', () => {
    expect((['desktop', 'tv'] as DeviceKind[]).map((device) => setup({ device }))).toEqual([false, false]);
  });

  it('offers it for no live channel', () => {
    expect(setup({ contentKind: 'live' })).toBe(false);
  });

  it('offers it for no trailer and not in a partner frame', () => {
    expect([setup({ trailer: true }), setup({ embedded: true })]).toEqual([false, false]);
  });
});
