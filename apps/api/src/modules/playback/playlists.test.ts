import { describe, expect, it } from 'vitest';
import { previewSegmentCount, rewriteMaster, rewriteMedia, segmentIndexOf } from './playlists';

const MEDIA = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-TARGETDURATION:4
#EXT-X-PLAYLIST-TYPE:VOD
#EXT-X-KEY:METHOD=AES-128,URI="key://ek-7",IV=0x00000000000000000000000000000001
#EXTINF:4.000,
seg-00000.ts
#EXTINF:4.000,
seg-00001.ts
#EXTINF:4.000,
seg-00002.ts
#EXTINF:2.500,
seg-00003.ts
#EXT-X-ENDLIST
`;

const target = (previewSeconds: number | null) => ({
  grant: 'G',
  asset: 'ek-7' as const,
  rendition: '360p',
  previewSeconds,
  expires: 1_900_000_000,
  secret: 'playlist-secret-playlist-secret-000001',
});

const uris = (text: string) => text.split('\n').filter((l) => l.startsWith('/'));

describe('rewriteMaster', () => {
  it('points variants at the grant and drops anything outside the asset', () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-STREAM-INF:BANDWIDTH=800000',
      '360p/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=1',
      '../ek-8/360p/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=400000',
      '240p/index.m3u8',
    ].join('\n');
    expect(rewriteMaster(text, 'G')).toBe(
      [
        '#EXTM3U',
        '#EXT-X-STREAM-INF:BANDWIDTH=800000',
        '/media/play/G/360p/index.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=400000',
        '/media/play/G/240p/index.m3u8',
        '',
      ].join('\n'),
    );
  });
});

describe('rewriteMedia', () => {
  it('signs every segment and rewrites the key for full playback', () => {
    const out = rewriteMedia(MEDIA, target(null));
    expect(uris(out).map((u) => u.split('?')[0])).toEqual([
      '/media/hls/ek-7/360p/seg-00000.ts',
      '/media/hls/ek-7/360p/seg-00001.ts',
      '/media/hls/ek-7/360p/seg-00002.ts',
      '/media/hls/ek-7/360p/seg-00003.ts',
    ]);
    expect(out).toContain('URI="/media/key/G/ek-7",IV=0x00000000000000000000000000000001');
    expect(out.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
  });

  it('keeps the segments that start before the preview ends', () => {
    expect(uris(rewriteMedia(MEDIA, target(8))).length).toBe(2);
    expect(uris(rewriteMedia(MEDIA, target(8.5))).length).toBe(3);
    expect(uris(rewriteMedia(MEDIA, target(1))).length).toBe(1);
    expect(uris(rewriteMedia(MEDIA, target(600))).length).toBe(4);
    expect(uris(rewriteMedia(MEDIA, target(8))).every((u) => u.endsWith('&lim=2'))).toBe(true);
  });

  it("refuses a playlist naming another asset's key or a foreign segment", () => {
    expect(() => rewriteMedia(MEDIA.replace('key://ek-7', 'key://ek-8'), target(null))).toThrow(/key URI/);
    expect(() => rewriteMedia(MEDIA.replace('seg-00001.ts', '../../keys/ek-7.key'), target(null))).toThrow(
      /Unexpected segment/,
    );
  });
});

describe('helpers', () => {
  it('reads segment indexes and counts preview segments', () => {
    expect(segmentIndexOf('seg-00012.ts')).toBe(12);
    expect(segmentIndexOf('init.mp4')).toBeNull();
    expect(previewSegmentCount(MEDIA.split('\n'), 0)).toBe(1);
    expect(previewSegmentCount(MEDIA.split('\n'), 12)).toBe(3);
  });
});
