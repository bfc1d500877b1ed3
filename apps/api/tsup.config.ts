import { defineConfig } from 'tsup';

// dist/server.js runs the service; dist/app.js exposes buildApp for tests and benchmarks;
// dist/catalogue-import.js is the catalogue import CLI (`pnpm --filter @kadr/api catalogue:import`).
// npm dependencies stay external (resolved from node_modules at run time); workspace packages are
// bundled from source through the `@kadr/source` condition, so the api runs without building them first.
export default defineConfig({
  entry: { server: 'src/server.ts', app: 'src/app.ts', 'catalogue-import': 'src/cli/catalogue-import.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node24',
  splitting: true,
  sourcemap: true,
  clean: true,
  dts: false,
  noExternal: [/^@kadr\//],
  esbuildOptions(options) {
    options.conditions = ['@kadr/source', 'import', 'module', 'default'];
  },
});
