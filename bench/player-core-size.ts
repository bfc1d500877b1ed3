// Size of @kadr/player-core as an app ships it: the React-free core (in the watch page's own chunk) and
// the video.js + hls.js + contrib-eme adapter (a lazy chunk loaded only for playback), each minified by
// esbuild and gzipped at level 9, beside the third-party pieces alone and the full-video.js variant the
// alias avoids; and what a content card's player and a channel's player import of them (the live rules
// and the live adapter stay out of the first). Run: node bench/player-core-size.ts
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { WATCH_PAGE_BUDGET_BYTES } from '../apps/web/build/watch-page-budget.ts';
import { table, writeSection } from './lib/report.ts';

const packageDir = join(import.meta.dirname, '..', 'packages', 'player-core');
const requireFromPackage = createRequire(join(packageDir, 'package.json'));
// esbuild is player-core's dev dependency, not the root's: resolved from there (its types too, so a
// small local signature stands in for them).
interface EsbuildApi {
  build(options: Record<string, unknown>): Promise<{ outputFiles: { contents: Uint8Array }[] }>;
}
const { build } = requireFromPackage('esbuild') as EsbuildApi;
const coreVideoJs = requireFromPackage.resolve('video.js/dist/alt/video.core.novtt.js');

/** The watch page's JavaScript budget (issue 4), as the web build checks it. */
const WATCH_PAGE_BUDGET_KB = WATCH_PAGE_BUDGET_BYTES / 1024;

interface Size {
  raw: number;
  gzip: number;
}

async function measure(contents: string, aliasVideoJs: boolean): Promise<Size> {
  const result = await build({
    stdin: { contents, resolveDir: packageDir, loader: 'ts' },
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    conditions: ['@kadr/source'],
    alias: aliasVideoJs ? { 'video.js': coreVideoJs } : {},
    logLevel: 'silent',
  });
  const text = result.outputFiles[0]?.contents ?? new Uint8Array();
  return { raw: text.length, gzip: gzipSync(text, { level: 9 }).length };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const CONTENT_PLAYER =
  "export { createPlayerController } from '@kadr/player-core'; export { createVideoJsAdapter } from '@kadr/player-core/videojs';";
const CHANNEL_PLAYER =
  "export { createChannelController, selectProgrammeOnAir } from '@kadr/player-core'; export { createLiveVideoJsAdapter } from '@kadr/player-core/videojs';";

const rows: [string, Size][] = [
  [
    'core: `@kadr/player-core` (reducer, selectors, runner, types)',
    await measure("export * from '@kadr/player-core';", true),
  ],
  [
    'adapter chunk: `@kadr/player-core/videojs` (video.js core + hls.js light + contrib-eme + ours)',
    await measure("export * from '@kadr/player-core/videojs';", true),
  ],
  [
    '— of which video.js core build (no VHS, no vtt.js)',
    await measure("export { default } from 'video.js';", true),
  ],
  ['— of which hls.js light', await measure("export { default } from 'hls.js/light';", true)],
  [
    '— of which videojs-contrib-eme (over video.js core)',
    await (async () => {
      const both = await measure("import 'videojs-contrib-eme'; export { default } from 'video.js';", true);
      const alone = await measure("export { default } from 'video.js';", true);
      return { raw: both.raw - alone.raw, gzip: both.gzip - alone.gzip };
    })(),
  ],
  [
    'not shipped: the adapter chunk without the alias (full video.js with VHS)',
    await measure("export * from '@kadr/player-core/videojs';", false),
  ],
  [
    'not shipped: hls.js full build (with its own EME)',
    await measure("export { default } from 'hls.js';", true),
  ],
  [
    'content card player: `createPlayerController` + `createVideoJsAdapter` (what the watch page imports)',
    await measure(CONTENT_PLAYER, true),
  ],
  [
    'channel player: `createChannelController`, `selectProgrammeOnAir` + `createLiveVideoJsAdapter`',
    await measure(CHANNEL_PLAYER, true),
  ],
];

for (const [what, size] of rows) console.log(`${what}: ${kb(size.raw)} KB raw, ${kb(size.gzip)} KB gzip`);

const core = rows[0]?.[1] as Size;
const chunk = rows[1]?.[1] as Size;
const content = rows.at(-2)?.[1] as Size;
const channel = rows.at(-1)?.[1] as Size;
const body = [
  'esbuild 0.28 bundle, minified, ES2022, gzip level 9 (node:zlib). `video.js` aliased to `video.js/dist/alt/video.core.novtt.js` as apps do (`videoJsCoreAlias()` from `@kadr/player-core/bundler`).',
  '',
  table(
    ['what', 'raw KB', 'gzip KB'],
    rows.map(([what, size]) => [what, kb(size.raw), kb(size.gzip)]),
  ),
  '',
  `Player as the watch page imports it (the content card player): **${kb(content.gzip)} KB gzip**, leaving ${(WATCH_PAGE_BUDGET_KB - content.gzip / 1024).toFixed(1)} KB of the watch page's ${WATCH_PAGE_BUDGET_KB} KB budget for the app itself (React, router, card; the page's total is bench/first-frame.ts's). Every export of both entries together: ${kb(core.gzip + chunk.gzip)} KB.`,
  '',
  `A channel's player: ${kb(channel.gzip)} KB gzip — the live rules, selectors and live adapter are ${((channel.gzip - content.gzip) / 1024).toFixed(1)} KB more, which the watch page does not load (docs/decisions/031-player-live.md).`,
].join('\n');
writeSection('player-core-size', 'Player JavaScript size (bench/player-core-size.ts)', body);
