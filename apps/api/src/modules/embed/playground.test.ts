import { writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { channels, contents } from '../../db/schema';
import { pgliteBackend, useApi } from '../../test/harness';
import { cspDirectives, PRODUCTION_SETTINGS } from '../../test/security-settings';
import { embedPlayerScript, PLAYGROUND_PATH } from './playground';

const SDK_SOURCE = 'var KadrEmbedPlayer=(()=>({}))();\n//# sourceMappingURL=embed-player.global.js.map\n';
const PAGES = ['', 'playground.js', 'playground.css', 'embed-player.global.js'].map(
  (file) => `${PLAYGROUND_PATH}${file}`,
);

describe('the embed playground (PGlite)', () => {
  const api = useApi(pgliteBackend);
  const ids = { film: 0, series: 0, hidden: 0, channel: 0 };

  beforeAll(async () => {
    const { db } = api.database;
    const [channel] = await db
      .insert(channels)
      .values({ key: 'pg-ch', name: 'Канал <песочницы>', logoUrl: '/media/x.svg', searchText: 'канал' })
      .returning({ id: channels.id });
    const item = (key: string, type: 'film' | 'series', vendorId: string | null) => ({
      key,
      type,
      title: `Название ${key}`,
      description: '',
      posterUrl: '/media/images/posters/x.svg',
      vendorId,
      searchText: key,
    });
    const rows = await db
      .insert(contents)
      .values([
        item('pg-film', 'film', 'v1'),
        item('pg-series', 'series', 'v2'),
        item('pg-hidden', 'film', null),
      ])
      .returning({ id: contents.id });
    [ids.film, ids.series, ids.hidden] = rows.map((row) => row.id) as [number, number, number];
    ids.channel = channel!.id;
  });

  /** An app whose SDK build is a file of the test's own (or none). */
  const setup = (env: Record<string, string> = {}, built = true) => {
    const script = join(api.tempDir(), 'embed-player.global.js');
    if (built) {
      writeFileSync(script, SDK_SOURCE);
      writeFileSync(`${script}.map`, '{"version":3}');
    }
    return api.setup(env, { embedPlayerScript: script });
  };

  it('serves the page with the catalogue’s published film, series and channel as configs to try', async () => {
    const { app } = await setup();
    const res = await app.inject({ method: 'GET', url: PLAYGROUND_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain(
      `<option value="/embed/v1/config/film/${ids.film}.json">Фильм: Название pg-film</option>`,
    );
    expect(html).toContain(
      `<option value="/embed/v1/config/series/${ids.series}.json">Сериал: Название pg-series</option>`,
    );
    // Titles are escaped; a title without a vendor is not offered (its config answers 404).
    expect(html).toContain(
      `<option value="/embed/v1/config/channel/${ids.channel}.json">Канал: Канал &#60;песочницы&#62;</option>`,
    );
    expect(html).not.toContain(`/film/${ids.hidden}.json`);
    expect(html).toContain(`value="/embed/v1/config/film/${ids.film}.json"`);
    // The scripts are files of this origin: no inline code.
    expect(html).toContain('<script defer src="/embed/playground/embed-player.global.js"></script>');
    expect(html).toContain('<script defer src="/embed/playground/playground.js"></script>');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).toContain('id="sdk-missing" hidden');
  });

  it('redirects /embed/playground to the page', async () => {
    const { app } = await setup();
    const res = await app.inject({ method: 'GET', url: '/embed/playground' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(PLAYGROUND_PATH);
  });

  it('serves its script and styles with their types', async () => {
    const { app } = await setup();
    const script = await app.inject({ method: 'GET', url: `${PLAYGROUND_PATH}playground.js` });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toBe('no-cache');
    expect(script.body).toContain('KadrEmbedPlayer.EmbedPlayer');
    const styles = await app.inject({ method: 'GET', url: `${PLAYGROUND_PATH}playground.css` });
    expect(styles.statusCode).toBe(200);
    expect(styles.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('serves the SDK’s script-tag build as JavaScript, and its source map', async () => {
    const { app } = await setup();
    const res = await app.inject({ method: 'GET', url: `${PLAYGROUND_PATH}embed-player.global.js` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(SDK_SOURCE);
    const map = await app.inject({ method: 'GET', url: `${PLAYGROUND_PATH}embed-player.global.js.map` });
    expect(map.statusCode).toBe(200);
    expect(map.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('takes the SDK from the @kadr/embed-player package’s dist by default', () => {
    expect(embedPlayerScript().endsWith(['embed-player', 'dist', 'embed-player.global.js'].join(sep))).toBe(
      true,
    );
  });

  it('says so on the page when the SDK is not built, and answers 404 for its script', async () => {
    const { app } = await setup({}, false);
    const page = await app.inject({ method: 'GET', url: PLAYGROUND_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<p id="sdk-missing" role="alert"');
    expect(page.body).toContain('pnpm --filter @kadr/embed-player build');
    const script = await app.inject({ method: 'GET', url: `${PLAYGROUND_PATH}embed-player.global.js` });
    expect(script.statusCode).toBe(404);
    expect(script.json()).toMatchObject({ success: false });
  });

  it('is not registered in production', async () => {
    const { app } = await setup(PRODUCTION_SETTINGS);
    for (const url of [...PAGES, '/embed/playground']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false });
    }
  });

  it('runs under a strict policy: scripts and styles of this origin only, frames of this origin and the web app’s', async () => {
    const { app } = await setup({ CORS_ORIGINS: 'https://web.kadr.example' });
    for (const url of PAGES) {
      const res = await app.inject({ method: 'GET', url });
      expect(cspDirectives(res.headers['content-security-policy']), url).toEqual({
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'frame-src': ["'self'", 'https://web.kadr.example'],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'form-action': ["'none'"],
        'frame-ancestors': ["'none'"],
      });
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      // Not the embed routes' scope: no CORS header here.
      expect(res.headers['access-control-allow-origin'], url).toBeUndefined();
    }
  });
});
