// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { type BudgetChunk, watchPageBudget, watchPageSize } from './watch-page-budget';

const code = new Map<string, string>();
/** A chunk whose file holds `text`. */
const chunk = (fileName: string, text: string, imports: string[] = [], facade: string | null = null) => {
  code.set(fileName, text);
  return { type: 'chunk', fileName, isEntry: false, facadeModuleId: facade, imports } satisfies BudgetChunk;
};
const read = (fileName: string) => code.get(fileName) ?? '';
const gz = (code: string) => gzipSync(code, { level: 9 }).length;

describe('watchPageSize', () => {
  it('counts the entry, the film route and the player engine with their static imports, each file once', () => {
    const bundle = {
      'index.js': { ...chunk('index.js', 'entry();', ['react.js']), isEntry: true },
      'react.js': chunk('react.js', 'react();'),
      'movie.js': chunk(
        'movie.js',
        'movie();',
        ['react.js', 'card.js'],
        '/app/src/routes/movie/movie-route.tsx',
      ),
      'card.js': chunk('card.js', 'card();'),
      'engine.js': chunk(
        'engine.js',
        'engine();',
        ['react.js'],
        '/app/src/features/player/videojs-engine.ts',
      ),
      // Another route and the live player's code: not the watch page's.
      'tv.js': chunk('tv.js', 'tv();', ['live.js'], '/app/src/routes/tv-channel/tv-channel-route.tsx'),
      'live.js': chunk('live.js', 'live();'),
      'style.css': { type: 'asset' as const },
    };
    const size = watchPageSize(bundle, read);
    expect(size.files.sort()).toEqual(['card.js', 'engine.js', 'index.js', 'movie.js', 'react.js']);
    expect(size.gzip).toBe(
      ['entry();', 'react();', 'movie();', 'card();', 'engine();'].reduce((sum, code) => sum + gz(code), 0),
    );
  });

  it("counts the site's entry, not the frame player page's", () => {
    const bundle = {
      'embed.js': { ...chunk('embed.js', 'frame();', [], '/app/embed.html'), isEntry: true },
      'index.js': { ...chunk('index.js', 'entry();', [], '/app/index.html'), isEntry: true },
      'movie.js': chunk('movie.js', 'movie();', [], '/app/src/routes/movie/movie-route.tsx'),
      'engine.js': chunk('engine.js', 'engine();', [], '/app/src/features/player/videojs-engine.ts'),
    };
    expect(watchPageSize(bundle, read).files.sort()).toEqual(['engine.js', 'index.js', 'movie.js']);
  });

  it('fails when the build has no film route or player engine to count (a renamed module)', () => {
    const bundle = { 'index.js': { ...chunk('index.js', 'entry();'), isEntry: true } };
    expect(() => watchPageSize(bundle, read)).toThrow(
      'the build has no chunk for /src/routes/movie/movie-route.tsx',
    );
  });
});

describe('watchPageBudget', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** A tiny app with the watch page's modules; the engine holds `engineCode`. */
  async function buildApp(engineCode: string, budget: number) {
    const root = mkdtempSync(join(tmpdir(), 'kadr-watch-budget-'));
    dirs.push(root);
    mkdirSync(join(root, 'src/routes/movie'), { recursive: true });
    mkdirSync(join(root, 'src/features/player'), { recursive: true });
    writeFileSync(
      join(root, 'index.html'),
      '<!doctype html><script type="module" src="/src/main.js"></script>',
    );
    writeFileSync(
      join(root, 'src/main.js'),
      "import('./routes/movie/movie-route.tsx').then((route) => route.play());\n",
    );
    writeFileSync(
      join(root, 'src/routes/movie/movie-route.tsx'),
      "export const play = () => import('../../features/player/videojs-engine.ts').then((engine) => engine.start());\n",
    );
    writeFileSync(join(root, 'src/features/player/videojs-engine.ts'), engineCode);
    return build({
      root,
      logLevel: 'silent',
      configFile: false,
      plugins: [watchPageBudget(budget)],
      build: { outDir: join(root, 'dist') },
    });
  }

  it('passes a build within the budget', async () => {
    await expect(
      buildApp('export const start = () => console.log("play");\n', 10_000),
    ).resolves.toBeDefined();
  });

  it('fails a build whose watch page is over the budget, saying by how much', async () => {
    // Random-looking text does not compress: about 6 KB gzip.
    const bulk = Array.from({ length: 600 }, (_, index) =>
      ((index * 2654435761) % 4294967296).toString(36),
    ).join('');
    // The error is read by hand: run from the repository's root, `rejects.toThrow` saw an empty
    // message on the error Rolldown wraps the plugin's in (its message is the summary below).
    const failure = await buildApp(
      `export const start = () => console.log(${JSON.stringify(bulk)});\n`,
      2_000,
    ).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(
      /watch page JavaScript: [\d,]+ B gzip in 3 files, budget 2,000 B — [\d,]+ B over/,
    );
  });
});
