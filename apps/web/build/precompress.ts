import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images such as PNG are compressed already, source maps only reach devtools. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than the extra response headers cost. */
export const MIN_BYTES = 1024;

/** One file and the compressed copies written beside it (byte sizes). */
export interface PrecompressedFile {
  path: string;
  bytes: number;
  br?: number;
  gz?: number;
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** Compresses one file to `.br` (quality 11) and `.gz` (level 9), keeping only copies that are smaller. */
async function precompressFile(path: string): Promise<PrecompressedFile> {
  const data = await readFile(path);
  const result: PrecompressedFile = { path, bytes: data.length };
  if (data.length < MIN_BYTES) return result;
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzipAsync(data, { level: 9 }),
  ]);
  if (br.length < data.length) {
    await writeFile(`${path}.br`, br);
    result.br = br.length;
  }
  if (gz.length < data.length) {
    await writeFile(`${path}.gz`, gz);
    result.gz = gz.length;
  }
  return result;
}

/**
 * Writes `.br` and `.gz` copies beside every compressible file under `dir` (the api serves them with
 * @fastify/static's `preCompressed`, so nothing is compressed per request). Returns what it wrote.
 */
export async function precompressDir(dir: string): Promise<PrecompressedFile[]> {
  const jobs: Promise<PrecompressedFile>[] = [];
  for await (const path of filesUnder(dir)) {
    if (COMPRESSIBLE.test(path)) jobs.push(precompressFile(path));
  }
  return Promise.all(jobs);
}

/** Plugin name, so a config that reuses the app's plugins (Storybook) can leave it out. */
export const PRECOMPRESS_PLUGIN = 'kadr:precompress';

/** Vite plugin: after a production build, precompresses the output folder (see {@link precompressDir}). */
export function precompress(): Plugin {
  let outDir = '';
  let log: (message: string) => void = () => {};
  return {
    name: PRECOMPRESS_PLUGIN,
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      log = (message) => config.logger.info(message);
    },
    // closeBundle: after Vite has written the chunks and copied the public folder.
    async closeBundle() {
      const files = await precompressDir(outDir);
      const written = files.filter((file) => file.br !== undefined || file.gz !== undefined);
      log(`precompressed ${written.length} of ${files.length} text files (.br, .gz)`);
    },
  };
}
