#!/usr/bin/env node
// Checks what outside teams would install (docs/decisions/009-package-builds.md), after `pnpm run build`:
//   1. `changeset status`: every changeset parses, and (where the clone has `main`) changed packages have one;
//   2. each publishable package is packed once with `pnpm pack` (which applies `publishConfig` and turns
//      `workspace:`/`catalog:` into versions), and its tarball is checked for what we promise: no
//      `@kadr/source` condition, `publishConfig.exports` = `exports` less that condition, MIT + LICENSE,
//      `repository.directory`, and every file its `exports` (and `main`/`types`) point to;
//   3. `publint --strict` on the tarball;
//   4. `attw` on the tarball with the `esm-only` profile (the packages are ESM only; CSS entries have no types).
// Usage: node tools/check-packages.mjs [package folder name…]   (default: every non-private packages/*)
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';

const run = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const SOURCE_CONDITION = '@kadr/source';
const started = performance.now();
const failures = [];

/** Runs a command; resolves with its output, or with the error (exit code and output) when it fails. */
async function exec(file, args, cwd = root) {
  try {
    const { stdout, stderr } = await run(file, args, { cwd, maxBuffer: 16 * 1024 * 1024 });
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    return { ok: false, output: `${error.stdout ?? ''}${error.stderr ?? ''}` || String(error) };
  }
}

/** `exports` as published: the source-only condition removed, entries left empty dropped. */
function stripSourceCondition(value) {
  if (typeof value === 'string' || value === null) return value;
  const out = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === SOURCE_CONDITION) continue;
    const stripped = stripSourceCondition(inner);
    if (stripped !== undefined) out[key] = stripped;
  }
  const keys = Object.keys(out);
  if (keys.length === 0) return undefined;
  return keys.length === 1 && keys[0] === 'default' ? out.default : out;
}

/**
 * The base `changeset status` compares against: `main`, else `origin/main`, else none (a clone without
 * main, e.g. shallow of another branch — then only the changesets' own validity is checked).
 */
async function changesetBase() {
  for (const ref of ['main', 'origin/main']) {
    if ((await exec('git', ['merge-base', ref, 'HEAD'])).ok) return ref;
  }
  return undefined;
}

async function checkChangesets() {
  const base = await changesetBase();
  const args = ['status', ...(base && base !== 'main' ? [`--since=${base}`] : base ? [] : ['--since=HEAD'])];
  if (!base)
    console.log('changeset status: no main branch in this clone; checking that changesets parse only');
  const result = await exec(bin('changeset'), args);
  if (!result.ok) failures.push(`changeset ${args.join(' ')} failed:\n${result.output.trim()}`);
  else console.log(`✓ changeset ${args.join(' ')}`);
}

/**
 * Every file the packed manifest points to: each string target of `exports` (at any depth of
 * conditions, arrays included), and `main`/`types`/`module`. No package uses wildcard subpaths; one
 * would be reported as missing.
 */
function fileTargets(manifest) {
  const targets = [];
  const walk = (value, where) => {
    if (typeof value === 'string') targets.push({ where, target: value });
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) walk(inner, `${where}[${JSON.stringify(key)}]`);
    }
  };
  walk(manifest.exports, 'exports');
  for (const field of ['main', 'types', 'module']) {
    if (typeof manifest[field] === 'string') targets.push({ where: field, target: manifest[field] });
  }
  return targets;
}

async function exists(path) {
  return stat(path).then(
    (entry) => entry.isFile(),
    () => false,
  );
}

/** The problems of one packed package.json against the source one (empty when all is well). */
async function manifestProblems(dir, source, packed, unpacked, rootLicense) {
  const problems = [];
  const text = JSON.stringify(packed);
  if (text.includes(SOURCE_CONDITION)) problems.push(`the packed package.json names ${SOURCE_CONDITION}`);
  for (const protocol of ['workspace:', 'catalog:']) {
    if (text.includes(`"${protocol}`)) problems.push(`the packed package.json keeps a ${protocol} version`);
  }
  const expected = stripSourceCondition(source.exports);
  if (JSON.stringify(source.publishConfig?.exports) !== JSON.stringify(expected)) {
    problems.push(
      `publishConfig.exports must be exports without "${SOURCE_CONDITION}" (entries only it had dropped):\n` +
        JSON.stringify(expected, null, 2),
    );
  }
  if (packed.license !== 'MIT') problems.push('license must be "MIT"');
  if (packed.repository?.directory !== dir) problems.push(`repository.directory must be "${dir}"`);
  const license = await readFile(join(unpacked, 'LICENSE'), 'utf8').catch(() => undefined);
  if (license === undefined) problems.push('LICENSE is not in the tarball (files: ["dist", "LICENSE"])');
  else if (license !== rootLicense) problems.push('LICENSE differs from the root one');
  const missing = [];
  for (const { where, target } of fileTargets(packed)) {
    if (!(await exists(join(unpacked, target)))) missing.push(`${where} → ${target}`);
  }
  if ((await readdir(join(unpacked, 'dist')).catch(() => [])).length === 0) {
    problems.push('no dist/ in the tarball: run `pnpm run build` first');
  } else if (missing.length > 0) {
    // dist/ is there but incomplete: a stale or partial build, or an entry missing from tsup/tsc.
    problems.push(`files the manifest points to are not in the tarball:\n${missing.join('\n')}`);
  }
  return problems;
}

async function checkPackage(dir, out, rootLicense) {
  const abs = join(root, dir);
  const source = JSON.parse(await readFile(join(abs, 'package.json'), 'utf8'));
  const packed = await exec('pnpm', ['pack', '--pack-destination', out], abs);
  if (!packed.ok) return [`pnpm pack failed:\n${packed.output.trim()}`];
  const tarballName = `${source.name.replace('@', '').replace('/', '-')}-${source.version}.tgz`;
  const tarballPath = join(out, tarballName);
  const unpacked = join(out, tarballName.replace(/\.tgz$/, ''));
  await mkdir(unpacked);
  const untar = await exec('tar', ['xzf', tarballPath, '-C', unpacked, '--strip-components=1']);
  if (!untar.ok) return [`cannot unpack ${tarballName}:\n${untar.output.trim()}`];
  const manifest = JSON.parse(await readFile(join(unpacked, 'package.json'), 'utf8'));
  const problems = await manifestProblems(dir, source, manifest, unpacked, rootLicense);

  // The unpacked tarball is linted as it is (pack: false): the files an installer would get.
  const lint = await publint({ pkgDir: unpacked, pack: false, strict: true });
  for (const message of lint.messages) {
    problems.push(`publint ${message.type}: ${formatMessage(message, lint.pkg) ?? message.code}`);
  }

  // CSS subpaths carry no types: attw cannot resolve them and has nothing to check there.
  const cssEntries = Object.keys(manifest.exports ?? {}).filter((key) => key.endsWith('.css'));
  const attwArgs = [tarballPath, '--profile', 'esm-only', '--no-color', '--format', 'table'];
  if (cssEntries.length > 0) attwArgs.push('--exclude-entrypoints', ...cssEntries);
  const attw = await exec(bin('attw'), attwArgs);
  if (!attw.ok) problems.push(`attw ${attwArgs.slice(1).join(' ')}:\n${attw.output.trim()}`);
  return problems;
}

async function main() {
  const wanted = process.argv.slice(2);
  const dirs = [];
  for (const name of (await readdir(join(root, 'packages'))).sort()) {
    if (wanted.length > 0 && !wanted.includes(name)) continue;
    const pkg = JSON.parse(await readFile(join(root, 'packages', name, 'package.json'), 'utf8'));
    if (!pkg.private) dirs.push(`packages/${name}`);
  }
  const out = await mkdtemp(join(tmpdir(), 'kadr-pack-'));
  const rootLicense = await readFile(join(root, 'LICENSE'), 'utf8');
  try {
    const changesets = checkChangesets();
    // Two at a time: packing and attw are node processes, and CI machines have two cores.
    const queue = [...dirs];
    const worker = async () => {
      for (let dir = queue.shift(); dir; dir = queue.shift()) {
        const t = performance.now();
        const problems = await checkPackage(dir, out, rootLicense);
        const seconds = ((performance.now() - t) / 1000).toFixed(1);
        if (problems.length === 0) {
          console.log(`✓ ${dir} (pack, publint --strict, attw esm-only; ${seconds} s)`);
        } else {
          const list = problems.map((p) => `  - ${p.replaceAll('\n', '\n    ')}`).join('\n');
          failures.push(`${dir}:\n${list}`);
        }
      }
    };
    await Promise.all([worker(), worker(), changesets]);
  } finally {
    await rm(out, { recursive: true, force: true });
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (failures.length > 0) {
    console.error(`\n✗ check:packages found problems (${seconds} s):\n\n${failures.join('\n\n')}`);
    console.error('\nSee docs/decisions/009-package-builds.md for what each check guards.');
    process.exit(1);
  }
  console.log(`check:packages: ${dirs.length} packages ready to publish (${seconds} s)`);
}

await main();
