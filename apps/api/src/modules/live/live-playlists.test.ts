import { describe, expect, it } from 'vitest';
import { checkSegmentSignature } from '../playback';
import { segmentAt } from './live-clock';
import { livePaths, writeLiveMaster, writeLiveMedia } from './live-playlists';

const SECRET = 'media-secret-media-secret-media-secret-1';
const at = (iso: string) => Date.parse(iso);

describe('live playlists', () => {
  // 21:59:52Z–22:00:08Z: four segments around a loop start at 22:00:00Z (a whole minute).
  const first = segmentAt(at('2030-01-15T21:59:52Z'));

  function playlist(type: 'live' | 'event' | 'vod', ended: boolean) {
    return writeLiveMedia({
      channelId: 3,
      rendition: '360p',
      window: { first, last: first + 3, type, ended },
      looks: [1, 1, 0, 0],
      secret: SECRET,
      expires: 1_900_000_000,
    });
  }

  it('numbers by the timeline: media sequence, discontinuity sequence, program date-time on every segment', () => {
    const lines = playlist('live', false).trim().split('\n');
    expect(lines.slice(0, 6)).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-TARGETDURATION:4',
      `#EXT-X-MEDIA-SEQUENCE:${first}`,
      `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(first / 5) - Math.floor(segmentAt(Date.UTC(2026, 10, 1)) / 5)}`,
      '#EXT-X-INDEPENDENT-SEGMENTS',
    ]);
    expect(lines.filter((l) => l.startsWith('#EXT-X-PROGRAM-DATE-TIME:'))).toEqual([
      '#EXT-X-PROGRAM-DATE-TIME:2030-01-15T21:59:52.000Z',
      '#EXT-X-PROGRAM-DATE-TIME:2030-01-15T21:59:56.000Z',
      '#EXT-X-PROGRAM-DATE-TIME:2030-01-15T22:00:00.000Z',
      '#EXT-X-PROGRAM-DATE-TIME:2030-01-15T22:00:04.000Z',
    ]);
    // The one discontinuity comes before the loop start at 22:00:00, where the look changes.
    const discontinuity = lines.indexOf('#EXT-X-DISCONTINUITY');
    expect(lines[discontinuity + 1]).toBe('#EXT-X-PROGRAM-DATE-TIME:2030-01-15T22:00:00.000Z');
    expect(lines.filter((l) => l === '#EXT-X-DISCONTINUITY')).toHaveLength(1);
    expect(lines).not.toContain('#EXT-X-ENDLIST');
    expect(lines.some((l) => l.startsWith('#EXT-X-PLAYLIST-TYPE'))).toBe(false);
  });

  it('keys every segment by its number and signs segment URLs naming the look', () => {
    const lines = playlist('live', false).trim().split('\n');
    expect(lines.filter((l) => l.startsWith('#EXT-X-KEY'))).toEqual(
      [0, 1, 2, 3].map((i) => `#EXT-X-KEY:METHOD=AES-128,URI="../key/${first + i}"`),
    );
    const urls = lines.filter((l) => l.startsWith('/media/live/'));
    expect(urls.map((u) => u.split('?')[0])).toEqual([
      livePaths.segment(3, 1, '360p', first),
      livePaths.segment(3, 1, '360p', first + 1),
      livePaths.segment(3, 0, '360p', first + 2),
      livePaths.segment(3, 0, '360p', first + 3),
    ]);
    for (const url of urls) {
      const [path, query] = url.split('?') as [string, string];
      const params = Object.fromEntries(new URLSearchParams(query));
      expect(checkSegmentSignature(SECRET, path, params, null, 1_800_000_000)).toBeNull();
      // Another look or another place in the timeline is not signed by it.
      const otherLook = path.includes('/3/1/')
        ? path.replace('/3/1/', '/3/0/')
        : path.replace('/3/0/', '/3/1/');
      expect(checkSegmentSignature(SECRET, otherLook, params, null, 0)).toBe('invalid');
    }
  });

  it('types and ends archive and start-over playlists', () => {
    expect(playlist('vod', true)).toContain('#EXT-X-PLAYLIST-TYPE:VOD\n');
    expect(playlist('vod', true).trim().split('\n').at(-1)).toBe('#EXT-X-ENDLIST');
    expect(playlist('event', false)).toContain('#EXT-X-PLAYLIST-TYPE:EVENT\n');
    expect(playlist('event', false)).not.toContain('#EXT-X-ENDLIST');
  });

  it('lists the loops renditions, highest first, relative to the master', () => {
    const rendition = (name: string, bandwidth: number) => ({
      name,
      width: 640,
      height: 360,
      bandwidth,
      codecs: 'avc1.42c01e,mp4a.40.2',
      segments: [],
    });
    expect(writeLiveMaster([rendition('240p', 300), rendition('360p', 600)])).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-STREAM-INF:BANDWIDTH=600,RESOLUTION=640x360,CODECS="avc1.42c01e,mp4a.40.2"',
        '360p/index.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=300,RESOLUTION=640x360,CODECS="avc1.42c01e,mp4a.40.2"',
        '240p/index.m3u8',
        '',
      ].join('\n'),
    );
  });
});
