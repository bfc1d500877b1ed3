// Graceful shutdown of the api process on SIGTERM/SIGINT (docs/decisions/020-server-lifecycle.md).
// Plain TypeScript with type-only imports: its test runs it in a child process under plain Node.

/** What a shutdown needs of a running server (server.ts). */
export interface Drainable {
  /** Health checks fail from now on; answers close their keep-alive connections. */
  drain(): void;
  /**
   * Stops accepting connections, lets running requests finish, stops background work, closes the
   * database and releases the embedded database's lock, also when something in between fails.
   */
  stop(): Promise<void>;
  /** Closes the connections of requests still running: the deadline is near. */
  cutConnections(): void;
  /** Releases the embedded database's lock alone: the forced exit. */
  release(): void;
}

/** Where the shutdown logs: pino's signature. */
export interface ShutdownLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface ShutdownOptions {
  /** How long health checks fail before the listener closes (SHUTDOWN_DELAY_MS). */
  delayMs: number;
  /** Bound on the whole shutdown (SHUTDOWN_TIMEOUT_MS). */
  timeoutMs: number;
  log: ShutdownLog;
  /** Where the signals come from: the process. */
  signals?: NodeJS.EventEmitter;
  exit?: (code: number) => void;
}

/** The part of the bound kept for closing background work and the database after requests are cut. */
export function closeReserveMs(timeoutMs: number): number {
  return Math.min(2000, Math.floor(timeoutMs / 4));
}

/**
 * On SIGTERM or SIGINT, shuts the server down once, in phases:
 * 1. drain: /healthz and /readyz answer 503 and answers close their keep-alive connections, while the
 *    listener still takes connections for `delayMs` — the time a balancer needs to stop sending work;
 * 2. stop: the listener closes (new connections are refused), idle keep-alive connections close,
 *    requests in flight finish; then background work stops at its next safe point, Redis and the
 *    database close and the lock is released (app.ts onClose, server.ts);
 * 3. the bound: requests still running `closeReserveMs` before `timeoutMs` have their connections
 *    closed, so the rest can close cleanly; at `timeoutMs` the process exits 1 whatever still runs,
 *    the lock released first.
 * Every later signal is logged and ignored: with `npm start` one Ctrl-C reaches the server twice (the
 * terminal signals the process group, and tools/bootstrap.mjs forwards its own), and an impatient
 * second Ctrl-C must not leave the database unclosed either. The bound is what ends a stuck shutdown.
 * Returns what a signal calls (tests call it); it resolves once exit was called.
 */
export function handleShutdownSignals(
  server: Drainable,
  { delayMs, timeoutMs, log, signals = process, exit = (code) => process.exit(code) }: ShutdownOptions,
): (signal: string) => Promise<void> {
  let closing: Promise<void> | undefined;
  const shutdown = (signal: string): Promise<void> => {
    if (closing) {
      log.info({ signal }, 'already shutting down: the signal is ignored');
      return closing;
    }
    const startedAt = Date.now();
    log.info({ signal, delayMs, timeoutMs }, 'shutting down: draining');
    server.drain();
    let cut: NodeJS.Timeout | undefined;
    let force: NodeJS.Timeout | undefined;
    closing = new Promise<void>((done) => {
      let exited = false;
      const finish = (code: number) => {
        if (exited) return;
        exited = true;
        clearTimeout(cut);
        clearTimeout(force);
        exit(code);
        done();
      };
      cut = setTimeout(
        () => {
          log.warn({}, 'shutdown deadline near: closing the connections of requests still running');
          server.cutConnections();
        },
        Math.max(delayMs, timeoutMs - closeReserveMs(timeoutMs)),
      );
      force = setTimeout(() => {
        log.error({ timeoutMs }, 'shutdown did not finish in time: exiting with the lock released');
        try {
          server.release();
        } finally {
          finish(1);
        }
      }, timeoutMs);
      const stop = () =>
        server.stop().then(
          () => {
            log.info({ ms: Date.now() - startedAt }, 'shut down');
            finish(0);
          },
          (err: unknown) => {
            log.error({ err }, 'shutdown failed');
            finish(1);
          },
        );
      if (delayMs > 0) setTimeout(stop, delayMs);
      else stop();
    });
    return closing;
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    signals.on(signal, () => {
      void shutdown(signal);
    });
  }
  return shutdown;
}
