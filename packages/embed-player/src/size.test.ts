// @vitest-environment node
// The SDK's size budget (issue 14): the ESM build a partner's bundler takes — the entry and the chunks it
// imports — at most 4 KB gzip. Built here with the package's own tsup settings, so the figure is the
// published one.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'tsup';
import { afterAll, expect, it } from 'vitest';

const BUDGET_BYTES = 4 * 1024;
const outDir = mkdtempSync(join(tmpdir(), 'kadr-embed-size-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

it('keeps the ESM build within 4 KB gzip, and the script-tag build too', async () => {
  const root = join(import.meta.dirname, '..');
  const common = { target: 'es2020', minify: true, silent: true, dts: false, sourcemap: true } as const;
  await build({
    ...common,
    entry: [join(root, 'src/index.ts')],
    format: ['esm'],
    outDir: join(outDir, 'esm'),
  });
  await build({
    ...common,
    entry: { 'embed-player': join(root, 'src/global.ts') },
    format: ['iife'],
    globalName: 'KadrEmbedPlayer',
    outDir: join(outDir, 'iife'),
  });
  const gzip = (dir: string) =>
    readdirSync(join(outDir, dir))
      .filter((file) => file.endsWith('.js'))
      .reduce((sum, file) => sum + gzipSync(readFileSync(join(outDir, dir, file)), { level: 9 }).length, 0);
  const esm = gzip('esm');
  const iife = gzip('iife');
  console.info(`embed-player: ESM ${esm} B gzip, script tag ${iife} B gzip (budget ${BUDGET_BYTES} B)`);
  expect(esm).toBeGreaterThan(1000);
  expect(esm).toBeLessThanOrEqual(BUDGET_BYTES);
  expect(iife).toBeLessThanOrEqual(BUDGET_BYTES + 512);
});
