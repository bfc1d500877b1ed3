import { defineConfig } from 'tsup';

// dist/server.js runs the service; dist/app.js exposes buildApp for tests and benchmarks.
// npm dependencies stay external (resolved from node_modules at run time); workspace packages are
// bundled from source through the `@kadr/source` condition, so the api runs without building them first.
export default defineConfig({
  entry: { server: 'src/server.ts', app: 'src/app.ts' },
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
