import { describe, expect, it, vi } from 'vitest';
import { createSourceRenewal, fetchWithRenewal, type SourceRenewal } from './source-renewal.js';

const url = (grant: string, rest = 'master.m3u8') => `https://tv.test/media/play/${grant}/${rest}`;

describe('createSourceRenewal', () => {
  it('asks for playlists and keys read before a renewal with the newest grant', () => {
    const renewal = createSourceRenewal(url('g1'));
    expect(renewal.rewrite(url('g1', '360p/index.m3u8'))).toBe(url('g1', '360p/index.m3u8'));
    expect(renewal.renew(url('g2'))).toBe(true);
    expect(renewal.rewrite(url('g1', '360p/index.m3u8'))).toBe(url('g2', '360p/index.m3u8'));
    expect(renewal.rewrite('https://tv.test/media/key/g1/ek-1/4')).toBe(
      'https://tv.test/media/key/g2/ek-1/4',
    );
    expect(renewal.renew(url('g3'))).toBe(true);
    expect(renewal.rewrite('https://tv.test/media/key/g1/ek-1/5')).toBe(
      'https://tv.test/media/key/g3/ek-1/5',
    );
    expect(renewal.rewrite('https://tv.test/media/key/g2/ek-1/6')).toBe(
      'https://tv.test/media/key/g3/ek-1/6',
    );
  });

  it('leaves segment URLs (no grant) and their query alone', () => {
    const renewal = createSourceRenewal(url('g1'));
    renewal.renew(url('g2'));
    const segment = 'https://tv.test/media/hls/ek-1/360p/seg-00001.ts?md5=g1&expires=9';
    expect(renewal.rewrite(segment)).toBe(segment);
  });

  it('ignores a release of another video', () => {
    const renewal = createSourceRenewal(url('g1'));
    expect(renewal.renew('https://tv.test/media/play/g2/other/master.m3u8')).toBe(false);
    expect(renewal.renew('https://other.test/x.m3u8')).toBe(false);
    expect(renewal.rewrite(url('g1', 'a/index.m3u8'))).toBe(url('g1', 'a/index.m3u8'));
  });
});

describe('fetchWithRenewal', () => {
  it('posts a licence loaded with an older grant with the newest one, and other URLs as they are', async () => {
    const fetchImpl = vi.fn(async () => new Response('{}'));
    let renewal: SourceRenewal | null = null;
    const licenceFetch = fetchWithRenewal(fetchImpl, () => renewal);
    const init = { method: 'POST', body: '{"kids":[]}' };
    await licenceFetch('/media/license/g1', init);
    renewal = createSourceRenewal('/media/play/g1/master.m3u8');
    await licenceFetch('/media/license/g1', init);
    renewal.renew('/media/play/g2/master.m3u8');
    await licenceFetch('/media/license/g1', init);
    await licenceFetch('https://drm.test/other', init);
    expect(fetchImpl.mock.calls).toEqual([
      ['/media/license/g1', init],
      ['/media/license/g1', init],
      ['/media/license/g2', init],
      ['https://drm.test/other', init],
    ]);
  });
});
