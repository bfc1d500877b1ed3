import { defineConfig } from 'tsup';

// JavaScript only: TypeScript 7 has no compiler API for tsup's dts step, so declarations come from `tsc`.
// Entries: the React-free core, the video.js adapter (a lazy chunk for apps), the test fake and the
// build-time alias helper (Node).
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    videojs: 'src/videojs/index.ts',
    testing: 'src/testing/index.ts',
    bundler: 'src/bundler.ts',
  },
  format: ['esm'],
  target: 'es2022',
  dts: false,
  sourcemap: true,
  clean: false,
  external: ['video.js', 'hls.js', 'videojs-contrib-eme'],
});
