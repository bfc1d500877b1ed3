import { fileURLToPath } from 'node:url';
import { videoJsCoreAlias } from '@kadr/player-core/bundler';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { DEV_SECURITY_HEADERS } from './build/dev-security-headers';
import { precompress } from './build/precompress';
import { preloadEntryImports } from './build/preload-entry-imports';
import { watchPageBudget } from './build/watch-page-budget';

/** Base path the api serves the app under (SPEC §1); the router's basename matches it. */
export const BASE_PATH = '/promo/web/';

export default defineConfig({
  base: BASE_PATH,
  // precompress: .br and .gz beside the built files, served as they are by the api (no per-request work).
  // watchPageBudget: the build fails when the watch page's JavaScript is over its budget.
  plugins: [react(), preloadEntryImports(), watchPageBudget(), precompress()],
  // Workspace packages resolve to their TypeScript sources (no build of them needed).
  resolve: {
    conditions: ['@kadr/source', ...defaultClientConditions],
    // The player's video.js without its own HLS engine (VHS): hls.js streams. ~130 KB gzip less in the
    // lazily loaded player chunk (docs/decisions/006-player-block.md). player-core's alias, as its README
    // says: the build without vtt.js too (6.5 KB gzip), which the adapter never runs (it asks for the
    // browser's own text tracks).
    alias: [videoJsCoreAlias()],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 200,
    // The site, and the frame player page partners embed (docs/decisions/035): one build, shared chunks.
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        embed: fileURLToPath(new URL('embed.html', import.meta.url)),
      },
    },
  },
  server: {
    headers: DEV_SECURITY_HEADERS,
    // `pnpm dev` against a locally running api (npm start serves it on 8080).
    proxy: {
      '/web': 'http://127.0.0.1:8080',
      '/v1': 'http://127.0.0.1:8080',
      '/v2': 'http://127.0.0.1:8080',
      // The api's payment sandbox: the checkout widget script and its pages.
      '/sandbox': 'http://127.0.0.1:8080',
    },
  },
  preview: { headers: DEV_SECURITY_HEADERS },
});
