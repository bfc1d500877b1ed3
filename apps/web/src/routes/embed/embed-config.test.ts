import { DEFAULT_MESSAGE_FLAG } from '@kadr/embed-player/protocol';
import { describe, expect, it, vi } from 'vitest';
import { type EmbedConfigError, loadEmbedConfig, parseEmbedConfig, readEmbedParams } from './embed-config';

const FILM = {
  version: 1,
  kind: 'vod',
  content: { type: 'film', EK_id: 42 },
  title: 'Тихий дом',
  poster: 'https://kadr.example/media/images/posters/quiet-house.svg',
  live: false,
};
const CHANNEL = {
  version: 1,
  kind: 'live',
  content: { type: 'channel', tv_channel_id: 3 },
  title: 'Кино ТВ',
  poster: 'https://kadr.example/media/images/logos/kino.svg',
  live: true,
};

describe('readEmbedParams', () => {
  it('reads the config URL and the message flag, the default flag when none or an odd one is given', () => {
    const config = 'https://kadr.example/embed/v1/config/film/42.json';
    expect(readEmbedParams(`?config=${encodeURIComponent(config)}`)).toEqual({
      configUrl: config,
      flag: DEFAULT_MESSAGE_FLAG,
    });
    expect(readEmbedParams(`?config=${encodeURIComponent(config)}&flag=partner_flag`)?.flag).toBe(
      'partner_flag',
    );
    expect(readEmbedParams(`?config=${encodeURIComponent(config)}&flag=a%20b%7D`)?.flag).toBe(
      DEFAULT_MESSAGE_FLAG,
    );
  });

  it('refuses an address without a readable http(s) config URL', () => {
    for (const search of [
      '',
      '?config=',
      '?config=relative/42.json',
      '?config=javascript%3Aalert(1)',
      '?config=http%3A%2F%2F%5B',
    ])
      expect(readEmbedParams(search), search).toBeNull();
  });
});

describe('parseEmbedConfig', () => {
  it('reads a film, a series and a channel, leaving out what the format does not name', () => {
    expect(parseEmbedConfig({ ...FILM, extra: 'x' })).toEqual(FILM);
    const series = { ...FILM, content: { type: 'series', EK_id: 7 } };
    expect(parseEmbedConfig(series)).toEqual(series);
    expect(parseEmbedConfig(CHANNEL)).toEqual(CHANNEL);
  });

  it('refuses anything else', () => {
    const bad: unknown[] = [
      null,
      'config',
      { ...FILM, version: 2 },
      { ...FILM, content: { type: 'film' } },
      { ...FILM, content: { type: 'film', EK_id: 0 } },
      { ...FILM, content: { type: 'film', EK_id: 1.5 } },
      { ...FILM, content: { type: 'clip', EK_id: 1 } },
      { ...FILM, kind: 'live' },
      { ...FILM, title: 42 },
      { ...FILM, poster: undefined },
      { ...CHANNEL, kind: 'vod' },
      { ...CHANNEL, content: { type: 'channel', EK_id: 3 } },
      { ...CHANNEL, live: 'yes' },
    ];
    for (const value of bad) expect(parseEmbedConfig(value), JSON.stringify(value)).toBeNull();
  });
});

describe('loadEmbedConfig', () => {
  const answer = (body: unknown, status = 200) =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });

  it('loads without cookies and reads the config', async () => {
    const fetchImpl = vi.fn(async () => answer(FILM));
    await expect(loadEmbedConfig('https://kadr.example/c.json', fetchImpl)).resolves.toEqual(FILM);
    expect(fetchImpl).toHaveBeenCalledWith(
      'https://kadr.example/c.json',
      expect.objectContaining({ credentials: 'omit' }),
    );
  });

  it('tells a missing config from one that failed', async () => {
    const reason = (fetchImpl: typeof fetch) =>
      loadEmbedConfig('https://kadr.example/c.json', fetchImpl).catch(
        (error: EmbedConfigError) => error.reason,
      );
    expect(await reason(async () => answer({ error: 'no_content' }, 404))).toBe('not_found');
    expect(await reason(async () => answer('oops', 500))).toBe('failed');
    expect(await reason(async () => answer('<html>'))).toBe('failed');
    expect(await reason(async () => answer({ ...FILM, version: 3 }))).toBe('failed');
    expect(
      await reason(async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).toBe('failed');
  });
});
