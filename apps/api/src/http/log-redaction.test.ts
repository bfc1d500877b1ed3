import { describe, expect, it } from 'vitest';
import { pgliteBackend, useApi } from '../test/harness';
import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('hides the grant of playlist, key and licence paths and keeps the rest of the path', () => {
    expect(redactUrl('/media/play/1.2.0.f.99.abc_DEF-1/360p/index.m3u8')).toBe(
      '/media/play/[grant]/360p/index.m3u8',
    );
    expect(redactUrl('/media/key/1.2.0.f.99.abc/ek-2/7')).toBe('/media/key/[grant]/ek-2/7');
    expect(redactUrl('/media/license/1.2.0.f.99.abc')).toBe('/media/license/[grant]');
    expect(redactUrl('/media/channel/1.c2.l3.f.0.abc/360p/index.m3u8')).toBe(
      '/media/channel/[grant]/360p/index.m3u8',
    );
    expect(redactUrl('/media/channel/1.c2.l3.f.0.abc/key/440000000')).toBe(
      '/media/channel/[grant]/key/440000000',
    );
  });

  it('hides the device uid of anonymous sign-in', () => {
    expect(redactUrl('/web/1/auth/web_0123456789abcdef')).toBe('/web/1/auth/[device_uid]');
  });

  it('drops the query string, which carries segment signatures', () => {
    expect(redactUrl('/media/hls/ek-1/360p/seg-00001.ts?md5=xyz&expires=1')).toBe(
      '/media/hls/ek-1/360p/seg-00001.ts',
    );
    expect(redactUrl('/media/live/2/0/360p/440000000.ts?md5=xyz&expires=1')).toBe(
      '/media/live/2/0/360p/440000000.ts',
    );
  });

  it('leaves other paths alone', () => {
    expect(redactUrl('/web/2/contents/5')).toBe('/web/2/contents/5');
    expect(redactUrl('/media/images/a.jpg')).toBe('/media/images/a.jpg');
  });
});

describe('request log redaction in the app (PGlite)', () => {
  const api = useApi(pgliteBackend);

  it('writes no grant, device uid, segment signature or token into the log, even at trace', async () => {
    const out: string[] = [];
    const t = await api.setup(
      { LOG_LEVEL: 'trace' },
      { logStream: { write: (line: string) => out.push(line) } },
    );
    const device = 'web_secretdevice0123456';
    const anon = await t.anonymous(device);
    // Refused media requests are logged at info: forged grants still look like grants in a URL.
    const grant = '7.1.0.f.2000000000.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const headers = { authorization: `Bearer ${anon.access_token}`, 'x-device-uid': device };
    for (const url of [
      `/media/play/${grant}/master.m3u8`,
      `/media/play/${grant}/360p/index.m3u8`,
      `/media/key/${grant}/ek-1`,
      '/media/hls/ek-1/360p/seg-00000.ts?md5=SIGNATURE_SECRET&expires=2000000000',
      `/media/channel/${grant}/master.m3u8`,
      `/media/channel/${grant}/key/474500000`,
      '/media/live/1/0/360p/474500000.ts?md5=SIGNATURE_SECRET&expires=2000000000',
    ])
      await t.app.inject({ method: 'GET', url, headers });
    await t.app.inject({ method: 'POST', url: `/media/license/${grant}`, headers, payload: '{}' });

    const log = out.join('');
    expect(log).toContain('/media/play/[grant]/master.m3u8');
    expect(log).toContain('/media/channel/[grant]/key/474500000');
    expect(log).toContain('/web/1/auth/[device_uid]');
    for (const secret of [grant, device, 'SIGNATURE_SECRET', anon.access_token, anon.refresh_token])
      expect(log).not.toContain(secret);
  });
});
