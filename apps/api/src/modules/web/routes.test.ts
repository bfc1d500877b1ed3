import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheControlFor, type PageSettings, webRoutes, withPageSettings } from './routes';

const INDEX = '<!doctype html><head><title>Кадр</title></head><div id="root"></div>';
const EMBED = '<!doctype html><head><title>Плеер Кадра</title></head><div id="root"></div>';
const SETTINGS = { 'checkout-widget': 'https://yookassa.ru/checkout-widget/v1/checkout-widget.js' };
/** A page as the api sends it: the build's, with the settings before </head>. */
const served = (html: string) =>
  html.replace(
    '</head>',
    '<meta name="kadr:checkout-widget" content="https://yookassa.ru/checkout-widget/v1/checkout-widget.js"></head>',
  );
const SCRIPT = 'console.log("kadr");'.repeat(100);

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A built web app as apps/web's build leaves it: text files with .br and .gz copies beside them. */
async function setup({ precompressed = true, settings = SETTINGS as PageSettings } = {}) {
  const dist = mkdtempSync(join(tmpdir(), 'kadr-web-dist-'));
  dirs.push(dist);
  mkdirSync(join(dist, 'assets'));
  const files = { 'index.html': INDEX, 'embed.html': EMBED, 'assets/app-1234.js': SCRIPT };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dist, name), text);
    if (!precompressed) continue;
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dist, `${name}.gz`), gzipSync(text));
  }
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const app = Fastify();
  await app.register(webRoutes, { webDist: dist, settings });
  return app;
}

describe('the frame player page', () => {
  it('is embed.html at /promo/web/embed/, revalidated like index.html, whatever the query', async () => {
    const app = await setup();
    const res = await app.inject({
      url: '/promo/web/embed/?config=https%3A%2F%2Fkadr.example%2Fembed%2Fv1%2Fconfig%2Ffilm%2F1.json',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(served(EMBED));
  });

  it('redirects /promo/web/embed to the page, keeping the query; deeper paths are the site', async () => {
    const app = await setup();
    const res = await app.inject({ url: '/promo/web/embed?config=x' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/promo/web/embed/?config=x');
    const deeper = await app.inject({
      url: '/promo/web/embed/other',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(deeper.body).toBe(served(INDEX));
  });
});

describe('web app serving', () => {
  it('sends the brotli copy of a script to a browser that accepts br', async () => {
    const app = await setup();
    const res = await app.inject({
      url: '/promo/web/assets/app-1234.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy when br is not accepted', async () => {
    const app = await setup();
    const res = await app.inject({
      url: '/promo/web/assets/app-1234.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is to a client that accepts no encoding', async () => {
    const app = await setup();
    const res = await app.inject({ url: '/promo/web/assets/app-1234.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SCRIPT);
  });

  it('falls back to the plain file when the build has no compressed copy', async () => {
    const app = await setup({ precompressed: false });
    const res = await app.inject({
      url: '/promo/web/assets/app-1234.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SCRIPT);
  });

  it('keeps index.html revalidated when it is sent compressed, at the root and for client routes', async () => {
    const app = await setup();
    for (const url of ['/promo/web/', '/promo/web/movie/12/34/', '/promo/web/tv/5?x=1']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(served(INDEX));
    }
  });

  it('answers a missing asset with index.html only for GET and HEAD', async () => {
    const app = await setup();
    const post = await app.inject({ method: 'POST', url: '/promo/web/assets/nope.js' });
    expect(post.statusCode).toBe(404);
  });

  it('serves a file that has no compressed copy as it is, cached for a day', async () => {
    const app = await setup();
    const res = await app.inject({ url: '/promo/web/favicon.svg', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });
});

describe("the pages' settings (docs/decisions/054)", () => {
  it('are written into every address of both pages, never the page as built', async () => {
    const app = await setup();
    for (const [url, page] of [
      ['/promo/web/', INDEX],
      ['/promo/web/index.html', INDEX],
      ['/promo/web/account/', INDEX],
      ['/promo/web/embed/', EMBED],
      ['/promo/web/embed.html', EMBED],
    ] as const) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const res = await app.inject({ url, headers: { 'accept-encoding': encoding } });
        const body =
          encoding === 'br'
            ? brotliDecompressSync(res.rawPayload)
            : encoding === 'gzip'
              ? gunzipSync(res.rawPayload)
              : res.rawPayload;
        expect(body.toString(), `${url} ${encoding}`).toBe(served(page));
      }
    }
  });

  it('escape what they carry', () => {
    expect(withPageSettings('<head></head>', { 'checkout-widget': '"><script>alert(1)</script>' })).toBe(
      '<head><meta name="kadr:checkout-widget" content="&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;"></head>',
    );
    expect(() => withPageSettings('<title>no head</title>', SETTINGS)).toThrow(/<\/head>/);
  });

  it('answer 304 to a browser holding the page, and a new ETag once the settings change', async () => {
    const app = await setup();
    const first = await app.inject({ url: '/promo/web/' });
    expect(first.headers.etag).toMatch(/^"[\w-]{22}"$/);
    const again = await app.inject({
      url: '/promo/web/tv/',
      headers: { 'if-none-match': first.headers.etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await setup({
      settings: { 'checkout-widget': '/sandbox/yookassa/checkout-widget/v1/checkout-widget.js' },
    });
    const changed = await other.inject({
      url: '/promo/web/',
      headers: { 'if-none-match': first.headers.etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
  });
});

describe('cacheControlFor', () => {
  it('treats a compressed copy like the file it was made from', () => {
    expect(cacheControlFor('/dist/index.html.br')).toBe('no-cache');
    expect(cacheControlFor('/dist/index.html.gz')).toBe('no-cache');
    expect(cacheControlFor('/dist/assets/app-1.js.br')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/dist/assets/app-1.css')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/dist/favicon.svg')).toBe('public, max-age=86400');
  });
});
