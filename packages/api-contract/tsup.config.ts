import { defineConfig } from 'tsup';

// JavaScript only: TypeScript 7 has no compiler API for tsup's dts step, so declarations come from `tsc`.
export default defineConfig({
  // Two entries: `routes-entry` is the zod-free `@kadr/api-contract/routes` (shared code goes to a chunk).
  entry: ['src/index.ts', 'src/routes-entry.ts'],
  format: ['esm'],
  target: 'es2022',
  dts: false,
  sourcemap: true,
  clean: false,
});
