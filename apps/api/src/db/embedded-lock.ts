// One process at a time on the embedded database (PGlite serves a single process: a second one opening
// the same data directory would corrupt it). Node has no file locks (flock), so the lock is a file
// created atomically, and taking over a stale one is serialised by a directory created atomically.
import { linkSync, mkdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file in DATA_DIR naming the process that has the embedded database open (see lockEmbeddedDatabase). */
export const EMBEDDED_LOCK_FILE = 'db.lock';

/** Who holds the embedded database: a process id and what it is (`server`, `catalogue:import`…). */
export interface EmbeddedLockOwner {
  pid: number;
  holder: string;
  /** When it took the lock, ISO 8601. */
  since: string;
}

/** The embedded database is open in another live process; PGlite serves one process at a time. */
export class EmbeddedDatabaseBusyError extends Error {
  override name = 'EmbeddedDatabaseBusyError';
  readonly owner: EmbeddedLockOwner;

  constructor(dataDir: string, owner: EmbeddedLockOwner) {
    super(
      `the embedded database in ${dataDir} is in use by ${owner.holder} (pid ${owner.pid}, since ${owner.since}): ` +
        `stop it first, or set DATABASE_URL to use PostgreSQL`,
    );
    this.owner = owner;
  }
}

/** A held lock on the embedded database; release() is idempotent. */
export interface EmbeddedDatabaseLock {
  readonly file: string;
  release(): void;
}

/** Tuning of lockEmbeddedDatabase. */
export interface EmbeddedLockOptions {
  /**
   * How long to wait while another process is taking over a stale lock (default 2 s; a takeover
   * lasts a few system calls, so only a process that died in one makes the wait run out).
   */
  takeoverWaitMs?: number;
}

function readLockOwner(file: string): EmbeddedLockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<EmbeddedLockOwner>;
    if (typeof owner.pid !== 'number' || !Number.isInteger(owner.pid) || owner.pid <= 0) return undefined;
    return {
      pid: owner.pid,
      holder: String(owner.holder ?? 'another process'),
      since: String(owner.since ?? '?'),
    };
  } catch {
    return undefined;
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Puts `source` in place as `target` unless `target` exists (link() is atomic and never replaces). */
function linkUnlessPresent(source: string, target: string): boolean {
  try {
    linkSync(source, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Blocks the thread for `ms` (the lock is taken synchronously, before anything else runs). */
function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Runs `takeOver` holding `mutex` (a directory: mkdir() is atomic), or answers `waiting` when another
 * process holds it.
 */
function exclusively<T>(mutex: string, takeOver: () => T): T | 'waiting' {
  try {
    mkdirSync(mutex);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return 'waiting';
    throw error;
  }
  try {
    return takeOver();
  } finally {
    rmdirSync(mutex);
  }
}

/**
 * Takes the lock on the embedded database in `dataDir` for this process: DATA_DIR/db.lock holding
 * its pid and `holder`, so the server and the operator commands never open the same PGlite data
 * directory at once. A lock left by a process that is gone (a crash, kill -9) is stale and taken over.
 * Throws EmbeddedDatabaseBusyError while a live process holds it, this one included. Not needed with
 * DATABASE_URL: PostgreSQL takes concurrent writers.
 */
export function lockEmbeddedDatabase(
  dataDir: string,
  holder: string,
  { takeoverWaitMs = 2_000 }: EmbeddedLockOptions = {},
): EmbeddedDatabaseLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, EMBEDDED_LOCK_FILE);
  const mutex = `${file}.takeover`;
  const owner: EmbeddedLockOwner = { pid: process.pid, holder, since: new Date().toISOString() };
  // Written aside and linked into place: a reader never sees a half-written lock.
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(owner));
  const busyUnlessStale = () => {
    const current = readLockOwner(file);
    if (current && processIsAlive(current.pid)) throw new EmbeddedDatabaseBusyError(dataDir, current);
  };
  try {
    const deadline = Date.now() + takeoverWaitMs;
    while (!linkUnlessPresent(temp, file)) {
      busyUnlessStale();
      // Stale (its process is gone) or unreadable: taken over by one process at a time, which judges
      // it again under the mutex. Two processes that both saw it stale would otherwise both remove
      // "it", the second removing the lock the first had just put in its place, and both would win.
      const taken = exclusively(mutex, () => {
        busyUnlessStale();
        rmSync(file, { force: true });
        return linkUnlessPresent(temp, file);
      });
      if (taken === true) break;
      if (taken === 'waiting') {
        if (Date.now() >= deadline) {
          throw new Error(
            `cannot take the lock ${file}: another process has been taking it over for ${takeoverWaitMs} ms; ` +
              `remove ${mutex} if no Kadr process runs`,
          );
        }
        sleep(10);
      }
      // taken === false: a process put its lock in place between the removal and the link; look again.
    }
  } finally {
    rmSync(temp, { force: true });
  }
  let held = true;
  return {
    file,
    release() {
      if (!held) return;
      held = false;
      // Only our own lock: never one another process took over meanwhile.
      if (readLockOwner(file)?.pid === process.pid) rmSync(file, { force: true });
    },
  };
}
