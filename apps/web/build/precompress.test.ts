// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompressDir } from './precompress';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function setup(files: Record<string, string | Buffer>) {
  const dir = mkdtempSync(join(tmpdir(), 'kadr-precompress-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return { dir, at: (name: string) => join(dir, name) };
}

const script = 'export function greet(name) { return "Привет, " + name; }\n'.repeat(200);

describe('precompressDir', () => {
  it('writes .br and .gz copies that decompress to the original, in nested folders too', async () => {
    const { dir, at } = setup({ 'assets/index-abc.js': script, 'index.html': `<p>${script}</p>` });
    await precompressDir(dir);
    for (const name of ['assets/index-abc.js', 'index.html']) {
      const original = readFileSync(at(name));
      expect(brotliDecompressSync(readFileSync(at(`${name}.br`)))).toEqual(original);
      expect(gunzipSync(readFileSync(at(`${name}.gz`)))).toEqual(original);
    }
  });

  it('reports each file with the sizes of the copies it wrote', async () => {
    const { dir, at } = setup({ 'a.css': `.x{color:red}\n`.repeat(300) });
    const [file] = await precompressDir(dir);
    expect(file).toEqual({
      path: at('a.css'),
      bytes: readFileSync(at('a.css')).length,
      br: readFileSync(at('a.css.br')).length,
      gz: readFileSync(at('a.css.gz')).length,
    });
    expect(file?.br).toBeLessThan(file?.bytes ?? 0);
  });

  it('leaves small files, source maps and binary images alone', async () => {
    const { dir, at } = setup({
      'small.js': 'x'.repeat(MIN_BYTES - 1),
      'assets/index-abc.js.map': `{"mappings":"${'AAAA;'.repeat(500)}"}`,
      'poster.png': Buffer.alloc(4096, 1),
    });
    const files = await precompressDir(dir);
    expect(files.map((file) => file.path)).toEqual([at('small.js')]);
    for (const name of ['small.js', 'assets/index-abc.js.map', 'poster.png']) {
      expect(existsSync(at(`${name}.br`))).toBe(false);
      expect(existsSync(at(`${name}.gz`))).toBe(false);
    }
  });

  it('keeps no copy that would be larger than the file itself', async () => {
    const { dir, at } = setup({ 'noise.svg': randomBytes(4096) });
    const [file] = await precompressDir(dir);
    expect(file).toEqual({ path: at('noise.svg'), bytes: 4096 });
    expect(existsSync(at('noise.svg.br'))).toBe(false);
    expect(existsSync(at('noise.svg.gz'))).toBe(false);
  });

  it('answers an empty list for a folder with nothing to compress', async () => {
    const { dir } = setup({});
    expect(await precompressDir(dir)).toEqual([]);
  });
});
