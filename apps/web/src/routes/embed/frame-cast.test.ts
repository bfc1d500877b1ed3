import type { PlayerSnapshot } from '@kadr/player-core';
import { describe, expect, it } from 'vitest';
import { castMediaOf, castOfferOf, DEFAULT_RECEIVER_APP_ID } from './frame-cast';

const playing = (release: PlayerSnapshot['release'], currentTime = 42.7) =>
  ({ release, currentTime }) as unknown as PlayerSnapshot;
const CLEAR = { content_url: '/media/hls/abc/master.m3u8?grant=x', drm: null, preview_timer: null };

describe('castOfferOf', () => {
  it("offers Google's Default Media Receiver for clear or AES-128 HLS, nothing before a release or with DRM", () => {
    expect(castOfferOf(playing(CLEAR))).toEqual({
      appId: DEFAULT_RECEIVER_APP_ID,
      capabilities: ['video_out', 'audio_out'],
      autoJoinPolicy: 'origin_scoped',
    });
    expect(castOfferOf(null)).toBeNull();
    expect(castOfferOf(playing(null))).toBeNull();
    const drm = { type: 'widevine', license_url: 'https://kadr.example/licence' } as never;
    expect(castOfferOf(playing({ ...CLEAR, drm }))).toBeNull();
  });
});

describe('castMediaOf', () => {
  it('gives the release URL absolute, HLS, the title and poster, and the position of a title', () => {
    const about = { title: 'Тихий дом', poster: 'https://kadr.example/p.svg', live: false };
    expect(castMediaOf(playing(CLEAR), about, 'https://kadr.example/promo/web/embed/?config=x')).toEqual({
      contentId: 'https://kadr.example/media/hls/abc/master.m3u8?grant=x',
      contentType: 'application/x-mpegurl',
      live: false,
      title: 'Тихий дом',
      poster: 'https://kadr.example/p.svg',
      currentTime: 42,
    });
  });

  it('starts a live channel at the edge (no position), and gives nothing when nothing can be cast', () => {
    const media = castMediaOf(
      playing(CLEAR),
      { title: 'Кино ТВ', poster: null, live: true },
      'https://kadr.example/',
    );
    expect(media).toEqual({
      contentId: 'https://kadr.example/media/hls/abc/master.m3u8?grant=x',
      contentType: 'application/x-mpegurl',
      live: true,
      title: 'Кино ТВ',
    });
    expect(castMediaOf(null, { title: 'x', poster: null, live: false }, 'https://kadr.example/')).toBeNull();
  });
});
