import { defineConfig } from 'tsup';

// JavaScript only: TypeScript 7 has no compiler API for tsup's dts step, so declarations come from `tsc`.
export default defineConfig([
  // The npm build: ESM, the SDK and its protocol (the frame page imports the protocol alone). No shared
  // chunk: each entry whole, so a partner's bundle takes index.js alone (a chunk boundary cost ~270 B
  // gzip of the 4 KB budget, src/size.test.ts).
  {
    entry: ['src/index.ts', 'src/protocol.ts'],
    format: ['esm'],
    splitting: false,
    target: 'es2020',
    dts: false,
    sourcemap: true,
    clean: false,
    minify: true,
  },
  // The script-tag build: one file defining `window.KadrEmbedPlayer` (src/global.ts).
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
