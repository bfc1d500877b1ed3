// One process at a time on the embedded database (PGlite serves a single process: a second one opening
// the same data directory would corrupt it). The lock is the kernel's: an exclusive lock on
// DATA_DIR/db.lock (fcntl open-file-description lock on Linux, flock on macOS, through
// fs-native-extensions), which the kernel drops when the process ends, however it ends: a crash,
// kill -9, an out-of-memory kill. Nothing has to judge whether a lock is stale, so nothing can judge it
// wrongly — a pid alone did: in a container the restarted server is pid 1 again and took its own dead
// predecessor's lock for a live one. The file's text only says who holds it, for the refusal message.
import { closeSync, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { tryLock } from 'fs-native-extensions';

/** The file in DATA_DIR whose kernel lock guards the embedded database (see lockEmbeddedDatabase). */
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
  /** Who holds it, when the lock file says (it may not yet, for the instant after it was taken). */
  readonly owner: EmbeddedLockOwner | undefined;

  constructor(dataDir: string, owner: EmbeddedLockOwner | undefined) {
    const who = owner ? `${owner.holder} (pid ${owner.pid}, since ${owner.since})` : 'another Kadr process';
    super(
      `the embedded database in ${dataDir} is in use by ${who}: ` +
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

/** tryLock, with EACCES (which POSIX allows beside EAGAIN for a conflicting lock) as "held". */
function lockExclusively(fd: number): boolean {
  try {
    return tryLock(fd);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EACCES') return false;
    throw error;
  }
}

/**
 * Takes the lock on the embedded database in `dataDir` for this process, so the server and the
 * operator commands never open the same PGlite data directory at once: the kernel's exclusive lock
 * on DATA_DIR/db.lock, whose text then names this process and `holder`. Held until release() or
 * until the process ends, however it ends. Throws EmbeddedDatabaseBusyError, naming the holder,
 * while another process — or another lock of this one — holds it. Not needed with DATABASE_URL:
 * PostgreSQL takes concurrent writers.
 *
 * The file is never removed: a process may have it open, waiting to lock it, and removing it would
 * let a newcomer lock a new file of the same name beside it. Released, it is emptied.
 */
export function lockEmbeddedDatabase(dataDir: string, holder: string): EmbeddedDatabaseLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, EMBEDDED_LOCK_FILE);
  // Node opens files close-on-exec: a child process (ffmpeg for demo media) never inherits the lock.
  const fd = openSync(file, 'a+');
  try {
    if (!lockExclusively(fd)) throw new EmbeddedDatabaseBusyError(dataDir, readLockOwner(file));
    const owner: EmbeddedLockOwner = { pid: process.pid, holder, since: new Date().toISOString() };
    ftruncateSync(fd);
    writeSync(fd, JSON.stringify(owner));
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  let held = true;
  return {
    file,
    release() {
      if (!held) return;
      held = false;
      // Emptied while still locked, then unlocked by closing: no reader sees a claim nobody holds.
      try {
        ftruncateSync(fd);
      } finally {
        closeSync(fd);
      }
    },
  };
}
