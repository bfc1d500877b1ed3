import type { Options } from 'tsup';

/**
 * The build a publishable package starts from: ESM for ES2022 with source maps, JavaScript only —
 * TypeScript 7 has no compiler API for tsup's dts step, so declarations come from `tsc` after tsup (and
 * `clean` stays off, or a rebuild would delete them). `entry` defaults to `src/index.ts`; a package's
 * tsup.config.ts passes only what differs. (embed-player's builds differ throughout and stand alone.)
 */
export function packageBuild(options: Options = {}): Options {
  return {
    entry: ['src/index.ts'],
    format: ['esm'],
    target: 'es2022',
    dts: false,
    sourcemap: true,
    clean: false,
    ...options,
  };
}
