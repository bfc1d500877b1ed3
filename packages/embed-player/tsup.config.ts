import { defineConfig } from 'tsup';

// JavaScript only: TypeScript 7 has no compiler API for tsup's dts step, so declarations come from `tsc`.
export default defineConfig([
  // The npm build, the SDK: ESM, split so that casting (src/cast-sender.ts, a dynamic import()) is a chunk
  // of its own, fetched only when the frame offers casting. The entry imports no chunk statically: what a
  // partner loads up front is index.js alone (src/size.test.ts).
  {
    entry: ['src/index.ts'],
    format: ['esm'],
    splitting: true,
    target: 'es2020',
    dts: false,
    sourcemap: true,
    clean: false,
    minify: true,
  },
  // The protocol alone (the frame page imports it), built apart: sharing a chunk with index.js would cost
  // the SDK a chunk boundary (~270 B gzip of its 4 KB budget).
  {
    entry: ['src/protocol.ts'],
    format: ['esm'],
    splitting: false,
    target: 'es2020',
    dts: false,
    sourcemap: true,
    clean: false,
    minify: true,
  },
  // The script-tag build: one file defining `window.KadrEmbedPlayer` (src/global.ts); an IIFE cannot
  // split, so the cast sender is inside it.
  {
    entry: { 'embed-player': 'src/global.ts' },
    format: ['iife'],
    globalName: 'KadrEmbedPlayer',
    target: 'es2020',
    dts: false,
    sourcemap: true,
    clean: false,
    minify: true,
  },
]);
