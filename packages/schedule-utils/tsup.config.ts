import { defineConfig } from 'tsup';

// JavaScript only: TypeScript 7 has no compiler API for tsup's dts step, so declarations come from `tsc`.
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  target: 'es2022',
  dts: false,
  sourcemap: true,
  clean: false,
});
