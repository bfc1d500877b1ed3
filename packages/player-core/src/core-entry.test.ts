import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};

// The core entry is what every user ships (the watch page's own chunk); the engine stays behind /videojs.
describe('the core entry', () => {
  it('bundles from this package’s sources alone: no video.js, hls.js or contrib-eme', async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./index.ts', import.meta.url))],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'browser',
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((input) => input.includes('node_modules'))).toEqual([]);
  });

  it('has no dependencies; the engine packages are optional peers of /videojs', () => {
    expect(packageJson.dependencies).toBeUndefined();
    expect(Object.keys(packageJson.peerDependencies ?? {}).sort()).toEqual([
      'hls.js',
      'video.js',
      'videojs-contrib-eme',
    ]);
    expect(packageJson.peerDependenciesMeta).toEqual({
      'hls.js': { optional: true },
      'video.js': { optional: true },
      'videojs-contrib-eme': { optional: true },
    });
  });
});
