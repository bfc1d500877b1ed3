import { packageBuild } from '@kadr/tsup-config';
import { defineConfig } from 'tsup';

// Entries: the React-free core, the video.js adapter (a lazy chunk for apps), the test fake and the
// build-time alias helper (Node).
export default defineConfig(
  packageBuild({
    entry: {
      index: 'src/index.ts',
      videojs: 'src/videojs/index.ts',
      testing: 'src/testing/index.ts',
      bundler: 'src/bundler.ts',
    },
    external: ['video.js', 'hls.js', 'videojs-contrib-eme'],
  }),
);
