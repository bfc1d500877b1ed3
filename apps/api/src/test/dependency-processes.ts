import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePortForTest } from './free-port';

// A PostgreSQL and a Redis of a suite's own, in a temp folder on free ports, so the recovery suite and
// bench/recovery.ts can stop, kill and restart them without disturbing the machine's shared ones.
// Only node: imports, so the bench loads this file under plain Node too.

/** Where Debian's PostgreSQL binaries are (initdb, postgres); KADR_TEST_PG_BIN overrides. */
export const PG_BIN = process.env.KADR_TEST_PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** initdb refuses to run as root: as root, the cluster is made and run as this user. */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const found = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const group = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (found.status !== 0 || group.status !== 0) return undefined;
  return { uid: Number(found.stdout.trim()), gid: Number(group.stdout.trim()) };
}

/** Whether a PostgreSQL of our own can be started here (the binaries, and a user to run them as). */
export const postgresBinariesAvailable =
  existsSync(join(PG_BIN, 'initdb')) &&
  existsSync(join(PG_BIN, 'postgres')) &&
  (process.getuid?.() !== 0 || postgresUser() !== undefined);

/** Whether `redis-server` is on the PATH. */
export const redisServerAvailable = spawnSync('redis-server', ['--version']).status === 0;

/** Whether something accepts TCP connections on 127.0.0.1:port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(port, '127.0.0.1', () => done(true));
  });
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number, output: string[]) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${what} did not start in ${timeoutMs} ms:\n${output.join('').slice(-2000)}`);
}

/**
 * Stops `child` with `signal` when this process exits, whatever way (a test file timed out before its
 * teardown, a bench that threw): an orphaned server would hold its port and folder for ever.
 */
function stopOnExit(child: ChildProcess, signal: NodeJS.Signals): void {
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  process.once('exit', stop);
  child.once('exit', () => process.off('exit', stop));
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** A dependency process we can stop and start again on the same port and data. */
export interface DependencyProcess {
  url: string;
  port: number;
  /** What the process printed (for a failed test's message). */
  output: string[];
  /** Stops it: `crash` the harshest way that leaves it restartable, else a clean shutdown. */
  stop(how?: 'crash' | 'clean'): Promise<void>;
  /** Starts it again (same port, same data) and waits until it accepts connections; no-op if running. */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  dispose(): Promise<void>;
}

/**
 * A fresh PostgreSQL cluster (trust auth, database `postgres`) in a temp folder on a free port.
 * fsync is off: a restart of the server process loses nothing written (WAL is in the OS's cache),
 * only a machine crash would, and a test needs neither the disk's time nor its wear.
 * stop('crash') is `pg_ctl stop -m immediate` (SIGQUIT): every backend dies at once, like a crash,
 * and the next start replays the WAL. A SIGKILL of the postmaster alone would leave its backends
 * holding the shared memory, and the restart would refuse until they die.
 */
export async function startPostgres(): Promise<DependencyProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'kadr-pg-'));
  const user = postgresUser();
  if (user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  const init = spawnSync(
    join(PG_BIN, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'],
    { encoding: 'utf8', ...user },
  );
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const port = await freePortForTest();
  return ownProcess({
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    spawn: () =>
      spawn(
        join(PG_BIN, 'postgres'),
        [
          ...['-D', data, '-p', String(port), '-k', dir, '-h', '127.0.0.1'],
          ...['-c', 'fsync=off', '-c', 'full_page_writes=off', '-c', 'max_connections=60'],
        ],
        { stdio: ['ignore', 'pipe', 'pipe'], ...user },
      ),
    // Immediate shutdown: the postmaster takes its backends with it.
    signals: { crash: 'SIGQUIT', clean: 'SIGINT' },
    // Accepting connections is not yet ready ("the database system is starting up"): wait for the log.
    ready: async (output) => {
      await until(
        'PostgreSQL',
        async () => output.join('').includes('ready to accept connections'),
        20_000,
        output,
      );
      await until('PostgreSQL', () => accepts(port), 5000, output);
    },
  });
}

/**
 * A redis-server of our own on a free port, without persistence (`--save ''`, no AOF): a restart
 * comes back empty, as a cache-only Redis does. stop('crash') is SIGKILL.
 */
export async function startRedis(): Promise<DependencyProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'kadr-redis-'));
  const port = await freePortForTest();
  return ownProcess({
    url: `redis://127.0.0.1:${port}`,
    port,
    dir,
    spawn: () =>
      spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      ),
    signals: { crash: 'SIGKILL', clean: 'SIGTERM' },
    ready: (output) => until('Redis', () => accepts(port), 10_000, output),
  });
}

/**
 * The lifecycle both servers share: started at once; its output kept until it is ready; stopped with
 * its crash or clean signal (and stopped when the test process exits); its folder removed on dispose.
 */
async function ownProcess(options: {
  url: string;
  port: number;
  dir: string;
  spawn: () => ChildProcess;
  signals: { crash: NodeJS.Signals; clean: NodeJS.Signals };
  ready: (output: string[]) => Promise<void>;
}): Promise<DependencyProcess> {
  const output: string[] = [];
  let child: ChildProcess | undefined;
  const process_: DependencyProcess = {
    url: options.url,
    port: options.port,
    output,
    async start() {
      if (child) return;
      child = options.spawn();
      stopOnExit(child, options.signals.crash);
      child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      await options.ready(output);
      output.length = 0;
    },
    async stop(how = 'crash') {
      if (!child) return;
      const running = child;
      child = undefined;
      running.kill(options.signals[how]);
      await exited(running);
    },
    async dispose() {
      await process_.stop('clean');
      rmSync(options.dir, { recursive: true, force: true });
    },
  };
  await process_.start();
  return process_;
}
