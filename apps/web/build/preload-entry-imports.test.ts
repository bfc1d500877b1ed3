// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { type ChunkLike, entryImportFiles, preloadEntryImports } from './preload-entry-imports';

const chunk = (fileName: string, imports: string[] = [], dynamicImports: string[] = [], css: string[] = []) =>
  ({
    type: 'chunk',
    fileName,
    imports,
    dynamicImports,
    viteMetadata: { importedCss: new Set(css) },
  }) satisfies ChunkLike;

describe('entryImportFiles', () => {
  it('lists each dynamically imported chunk after its static imports, with their CSS', () => {
    const entry = chunk('index.js', ['react.js'], ['boot.js']);
    const bundle = {
      'index.js': entry,
      'react.js': chunk('react.js'),
      'boot.js': chunk('boot.js', ['router.js', 'react.js'], ['home.js'], ['boot.css']),
      'router.js': chunk('router.js', [], [], ['router.css']),
      'home.js': chunk('home.js', [], [], ['home.css']),
      'style.css': { type: 'asset' as const },
    };
    expect(entryImportFiles(bundle, entry)).toEqual({
      scripts: ['router.js', 'boot.js'],
      styles: ['router.css', 'boot.css'],
    });
  });

  it('lists a chunk shared by two dynamic imports once, and nothing for an entry without any', () => {
    const entry = chunk('index.js', [], ['a.js', 'b.js']);
    const bundle = {
      'index.js': entry,
      'a.js': chunk('a.js', ['shared.js']),
      'b.js': chunk('b.js', ['shared.js']),
      'shared.js': chunk('shared.js', [], [], ['shared.css']),
    };
    expect(entryImportFiles(bundle, entry)).toEqual({
      scripts: ['shared.js', 'a.js', 'b.js'],
      styles: ['shared.css'],
    });
    const alone = chunk('index.js');
    expect(entryImportFiles({ 'index.js': alone }, alone)).toEqual({ scripts: [], styles: [] });
  });
});

describe('preloadEntryImports in a real Vite build', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('links the dynamically imported app and its CSS in index.html, under the base path', async () => {
    const root = mkdtempSync(join(tmpdir(), 'kadr-preload-'));
    dirs.push(root);
    mkdirSync(join(root, 'src'));
    writeFileSync(
      join(root, 'index.html'),
      '<!doctype html><html><head></head><body><script type="module" src="/src/main.js"></script></body></html>',
    );
    writeFileSync(join(root, 'src/main.js'), "import('./app.js').then(({ start }) => start());\n");
    writeFileSync(join(root, 'src/app.js'), "import './app.css';\nexport const start = () => 'started';\n");
    writeFileSync(join(root, 'src/app.css'), '.app { color: red }\n');
    await build({
      root,
      base: '/promo/web/',
      logLevel: 'silent',
      configFile: false,
      plugins: [preloadEntryImports()],
      build: { outDir: join(root, 'dist') },
    });
    const html = readFileSync(join(root, 'dist/index.html'), 'utf8');
    expect(html).toMatch(
      /<link rel="modulepreload" href="\/promo\/web\/assets\/app-[\w-]+\.js" crossorigin>/,
    );
    expect(html).toMatch(
      /<link rel="preload" as="style" href="\/promo\/web\/assets\/app-[\w-]+\.css" crossorigin>/,
    );
    // The CSS is preloaded, not linked as a stylesheet: it must not block the first paint.
    expect(html).not.toMatch(/rel="stylesheet"[^>]*app-/);
  });
});
