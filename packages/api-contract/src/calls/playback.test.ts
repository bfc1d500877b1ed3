import { describe, expect, it } from 'vitest';
import { getRelease, getReleaseChannel, release } from '../index.js';

describe('playback schemas', () => {
  it('accepts a DRM release with a preview timer', () => {
    const value = {
      content_url: 'https://cdn.example.ru/v/7/master.m3u8',
      drm: { type: 'widevine', license_server: 'https://drm.example.ru/wv', certificate: null, drm_id: 'k7' },
      preview_timer: 60,
    };
    expect(release.parse(value)).toEqual(value);
  });

  it('accepts a ClearKey release (the extension of docs/decisions/005)', () => {
    const value = {
      content_url: '/media/play/g/master.m3u8',
      drm: { type: 'clearkey', license_server: '/media/license/g', certificate: null, drm_id: 'a1b2' },
      preview_timer: 20,
    };
    expect(release.parse(value)).toEqual(value);
  });

  it('accepts a clear release and rejects an unknown DRM or a non-URL stream', () => {
    expect(
      release.safeParse({ content_url: '/media/7/master.m3u8', drm: null, preview_timer: null }).success,
    ).toBe(true);
    expect(
      release.safeParse({
        content_url: 'https://cdn.example.ru/x.m3u8',
        drm: { type: 'primetime', license_server: 'https://x.ru', certificate: null, drm_id: 'k' },
        preview_timer: null,
      }).success,
    ).toBe(false);
    expect(
      release.safeParse({ content_url: 'javascript:alert(1)', drm: null, preview_timer: null }).success,
    ).toBe(false);
  });

  it('accepts the seconds a grant lives (expires_in, docs/decisions/022), and only a positive whole number', () => {
    const base = { content_url: '/media/play/g/master.m3u8', drm: null, preview_timer: null };
    expect(release.parse({ ...base, expires_in: 300 })).toEqual({ ...base, expires_in: 300 });
    expect(release.parse(base)).toEqual(base);
    for (const expires_in of [0, -5, 1.5, '300'])
      expect(release.safeParse({ ...base, expires_in }).success).toBe(false);
  });

  it('parses the release query with an optional episode', () => {
    expect(getRelease.query.parse({ dev_type: 'PCWEB', dev_model: 'web', EP_id: '101' })).toEqual({
      dev_type: 'PCWEB',
      dev_model: 'web',
      EP_id: 101,
    });
    expect(getRelease.query.parse({ dev_type: 'IOS_WEB', dev_model: 'web' })).toEqual({
      dev_type: 'IOS_WEB',
      dev_model: 'web',
    });
  });

  it('rejects the release query with another device type', () => {
    expect(getRelease.query.safeParse({ dev_type: 'PC_WEB', dev_model: 'web' }).success).toBe(false);
  });

  it('needs stream_id and dev_model for a channel release', () => {
    expect(getReleaseChannel.body.safeParse({ stream_id: 5, dev_model: 'web' }).success).toBe(true);
    expect(getReleaseChannel.body.safeParse({ stream_id: 5 }).success).toBe(false);
  });
});
