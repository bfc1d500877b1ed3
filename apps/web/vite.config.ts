import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/** Base path the api serves the app under (SPEC §1); the router's basename matches it. */
export const BASE_PATH = '/promo/web/';

export default defineConfig({
  base: BASE_PATH,
  plugins: [react()],
  // Workspace packages resolve to their TypeScript sources (no build of them needed).
  resolve: { conditions: ['@kadr/source', ...defaultClientConditions] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 200 },
  server: {
    // `pnpm dev` against a locally running api (npm start serves it on 8080).
    proxy: {
      '/web': 'http://127.0.0.1:8080',
      '/v1': 'http://127.0.0.1:8080',
      '/v2': 'http://127.0.0.1:8080',
    },
  },
});
