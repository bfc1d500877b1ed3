import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EMBEDDED_LOCK_FILE, EmbeddedDatabaseBusyError, lockEmbeddedDatabase } from '../db/embedded-lock';
import { startServer } from '../server';
import { FIXTURE_MANIFEST } from '../test/catalogue-fixture';
import { testEnv } from '../test/harness';
import { runCatalogueImport } from './run-catalogue-import';
import { runEmbedSwitch } from './run-embed-switch';
import { runPackageAccess } from './run-package-access';

// The server and the operator commands share one embedded database (PGlite, DATA_DIR/db), which a
// single process may have open: the kernel's lock on DATA_DIR/db.lock guards it, and its text names
// the process that has it.

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has exited (and was reaped): what a crashed server leaves in its lock. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid!;
}

/** The lock's module, run by plain Node in child processes (Node 24 strips its types). */
const LOCK_MODULE = resolve(import.meta.dirname, '../db/embedded-lock.ts');

/** A Node process running an ES module's source: what it printed first, and how to end it. */
interface Contender {
  firstLine: Promise<string>;
  /** Closes its standard input (the contender script then releases what it holds and exits). */
  end(): Promise<void>;
  /** Sends it a signal and waits for it to exit. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

function startModule(source: string): Contender {
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.on('close', () => done()));
  const firstLine = new Promise<string>((done, fail) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) done(out.slice(0, out.indexOf('\n')));
    });
    child.on('error', fail);
    exited.then(() => done(out.trim()));
  });
  return {
    firstLine,
    end: () => {
      child.stdin.end();
      return exited;
    },
    kill: (signal) => {
      child.kill(signal);
      return exited;
    },
  };
}

function setup() {
  const cwd = mkdtempSync(join(tmpdir(), 'kadr-lock-'));
  temps.push(cwd);
  const dataDir = join(cwd, 'data');
  const lockFile = join(dataDir, EMBEDDED_LOCK_FILE);
  const out: string[] = [];
  const err: string[] = [];
  const io = {
    env: { DATA_DIR: 'data', INIT_CWD: cwd },
    out: (l: string) => out.push(l),
    err: (l: string) => err.push(l),
  };
  const owner = () =>
    JSON.parse(readFileSync(lockFile, 'utf8')) as { pid: number; holder: string; since: string };
  const writeLock = (pid: number, holder = 'server') => {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(lockFile, JSON.stringify({ pid, holder, since: '2030-01-15T10:00:00.000Z' }));
  };
  return { cwd, dataDir, lockFile, out, err, io, owner, writeLock };
}

describe('embedded database lock', () => {
  it('is taken with the pid and holder, refused while held (also to this process), and let go on release', () => {
    const t = setup();
    const lock = lockEmbeddedDatabase(t.dataDir, 'server');
    expect(t.owner()).toMatchObject({ pid: process.pid, holder: 'server' });
    const busy = (() => {
      try {
        lockEmbeddedDatabase(t.dataDir, 'catalogue:import');
      } catch (error) {
        return error;
      }
    })();
    expect(busy).toBeInstanceOf(EmbeddedDatabaseBusyError);
    expect((busy as Error).message).toContain(`in use by server (pid ${process.pid}`);
    lock.release();
    // Emptied, not removed: a process may have it open, about to lock it.
    expect(readFileSync(t.lockFile, 'utf8')).toBe('');
    const next = lockEmbeddedDatabase(t.dataDir, 'catalogue:import');
    // A second release of the first lock leaves the next holder alone.
    lock.release();
    expect(() => lockEmbeddedDatabase(t.dataDir, 'server')).toThrow(EmbeddedDatabaseBusyError);
    expect(t.owner()).toMatchObject({ pid: process.pid, holder: 'catalogue:import' });
    next.release();
  });

  it('takes over a stale lock whose process is gone, or an unreadable one', () => {
    const t = setup();
    t.writeLock(deadPid());
    const lock = lockEmbeddedDatabase(t.dataDir, 'server');
    expect(t.owner()).toMatchObject({ pid: process.pid, holder: 'server' });
    lock.release();
    writeFileSync(t.lockFile, '{"pid":');
    lockEmbeddedDatabase(t.dataDir, 'server').release();
    expect(readFileSync(t.lockFile, 'utf8')).toBe('');
  });

  it('lets exactly one of several processes racing over a stale lock take it', {
    timeout: 30_000,
  }, async () => {
    const t = setup();
    t.writeLock(deadPid());
    const contenders = 8;
    // Every process spins until the same instant, then takes the lock and says how it went; the
    // winner holds it until its standard input closes, so no late starter can take it after it.
    const startAt = Date.now() + 1500;
    const script = `
      import { lockEmbeddedDatabase } from ${JSON.stringify(LOCK_MODULE)};
      while (Date.now() < ${startAt});
      try {
        const lock = lockEmbeddedDatabase(${JSON.stringify(t.dataDir)}, 'contender');
        console.log('won');
        process.stdin.on('end', () => lock.release()).resume();
      } catch (error) {
        console.log(error.name === 'EmbeddedDatabaseBusyError' ? 'busy' : 'error ' + error.message);
      }`;
    const running = Array.from({ length: contenders }, () => startModule(script));
    const outcomes = await Promise.all(running.map((c) => c.firstLine));
    await Promise.all(running.map((c) => c.end()));
    expect(outcomes.filter((o) => o === 'won')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'busy')).toHaveLength(contenders - 1);
    expect(readFileSync(t.lockFile, 'utf8')).toBe('');
  });

  it('takes over a lock naming this very pid, left by an earlier process (pid 1 again after a container restart)', () => {
    const t = setup();
    // What a server that was pid 1 in its container leaves after a crash, read by the restarted
    // server, which is pid 1 again: the pid alone says "alive".
    t.writeLock(process.pid);
    const lock = lockEmbeddedDatabase(t.dataDir, 'server');
    expect(t.owner()).toMatchObject({ pid: process.pid, holder: 'server' });
    expect(t.owner().since).not.toBe('2030-01-15T10:00:00.000Z');
    lock.release();
  });

  it('takes over a lock naming a live process that does not hold it (a reused pid)', () => {
    const t = setup();
    t.writeLock(process.ppid, 'catalogue:import');
    lockEmbeddedDatabase(t.dataDir, 'server').release();
  });

  it('is let go when its process dies, even by SIGKILL', { timeout: 30_000 }, async () => {
    const t = setup();
    const holder = startModule(`
      import { lockEmbeddedDatabase } from ${JSON.stringify(LOCK_MODULE)};
      lockEmbeddedDatabase(${JSON.stringify(t.dataDir)}, 'doomed');
      console.log('held');
      setInterval(() => {}, 1000);`);
    expect(await holder.firstLine).toBe('held');
    expect(() => lockEmbeddedDatabase(t.dataDir, 'server')).toThrow(/in use by doomed \(pid \d+/);
    await holder.kill('SIGKILL');
    // The file still names the dead process; the lock itself died with it.
    expect(t.owner().holder).toBe('doomed');
    lockEmbeddedDatabase(t.dataDir, 'server').release();
  });
});

describe('operator commands on the embedded database', () => {
  it('catalogue:import, package:grant, package:revoke and embed:switch refuse while the server holds it, naming its pid', async () => {
    const t = setup();
    const server = lockEmbeddedDatabase(t.dataDir, 'server');
    try {
      expect(await runCatalogueImport([FIXTURE_MANIFEST], t.io)).toBe(1);
      expect(await runPackageAccess(['grant', '--profile', '1', '--package', '1'], t.io)).toBe(1);
      expect(await runPackageAccess(['revoke', '--profile', '1', '--package', '1'], t.io)).toBe(1);
      expect(await runEmbedSwitch(['lock', '--content', 'film-1'], t.io)).toBe(1);
    } finally {
      server.release();
    }
    const busy = `the embedded database in ${t.dataDir} is in use by server (pid ${process.pid}`;
    expect(t.err).toEqual([
      expect.stringMatching(new RegExp(`^${FIXTURE_MANIFEST}: not imported: .*stop it first`)),
      expect.stringMatching(/^grant failed: .*stop it first/),
      expect.stringMatching(/^revoke failed: .*stop it first/),
      expect.stringMatching(/^embed:switch failed: .*stop it first/),
    ]);
    for (const line of t.err) expect(line).toContain(busy);
    // Nothing was opened: no database folder was made.
    expect(existsSync(join(t.dataDir, 'db'))).toBe(false);
  });

  it('catalogue:import proceeds over a stale lock and releases its own when done', {
    timeout: 120_000,
  }, async () => {
    const t = setup();
    t.writeLock(deadPid());
    expect(await runCatalogueImport([FIXTURE_MANIFEST], t.io)).toBe(0);
    expect(t.out).toContain('  titles: 6 new, 0 updated, 0 unchanged');
    expect(readFileSync(t.lockFile, 'utf8')).toBe('');
  });

  it('the server holds the lock while it runs and releases it when it stops', {
    timeout: 120_000,
  }, async () => {
    const t = setup();
    const server = await startServer(
      testEnv({ DATA_DIR: t.dataDir, PORT: '0', HOST: '127.0.0.1', CATALOGUE_SEED: 'off' }),
      { seedCatalogue: false },
    );
    try {
      expect(t.owner()).toMatchObject({ pid: process.pid, holder: 'server' });
      expect(await runCatalogueImport([FIXTURE_MANIFEST], t.io)).toBe(1);
      expect(t.err[0]).toContain(`in use by server (pid ${process.pid}`);
    } finally {
      await server.stop();
    }
    expect(readFileSync(t.lockFile, 'utf8')).toBe('');
    lockEmbeddedDatabase(t.dataDir, 'catalogue:import').release();
  });
});
