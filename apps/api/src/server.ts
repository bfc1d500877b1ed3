import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import {
  EmbeddedDatabaseBusyError,
  type EmbeddedDatabaseLock,
  lockEmbeddedDatabase,
} from './db/embedded-lock';
import { type Env, EnvError, loadEnv } from './env';
import { WEB_BASE } from './modules/web';
import { type Drainable, handleShutdownSignals } from './shutdown';

/** A listening api: the app, its port, and how to drain and stop it (src/shutdown.ts). */
export interface RunningServer extends Drainable {
  app: FastifyInstance;
  port: number;
}

/**
 * A listening app and the lock it holds (none with PostgreSQL) as a RunningServer: stop() closes the
 * app — listener, requests in flight, background work, database (app.ts onClose) — and then releases
 * the lock, also when closing failed (the process exits next, and PGlite with it).
 */
export function runningServer(app: FastifyInstance, lock: EmbeddedDatabaseLock | undefined): RunningServer {
  const address = app.server.address();
  return {
    app,
    port: typeof address === 'object' && address ? address.port : 0,
    drain: () => app.lifecycle.drain(),
    async stop() {
      try {
        // The listener closes; each connection ends after its answer or once idle (lifecycle.ts),
        // then Fastify's close finds none and runs the onClose hooks (app.ts).
        await app.lifecycle.closeListener(app.server);
        await app.close();
      } finally {
        lock?.release();
      }
    },
    cutConnections: () => app.server.closeAllConnections(),
    release: () => lock?.release(),
  };
}

/**
 * Builds the app and listens. With the embedded database it first takes its lock (DATA_DIR/db.lock,
 * db/embedded-lock.ts), held until stop(), so the operator commands refuse to open it meanwhile.
 */
export async function startServer(
  env: Env,
  options: { seedCatalogue?: boolean } = {},
): Promise<RunningServer> {
  const lock: EmbeddedDatabaseLock | undefined = env.databaseUrl
    ? undefined
    : lockEmbeddedDatabase(env.dataDir, 'server');
  try {
    const app = await buildApp({ env, seedCatalogue: options.seedCatalogue ?? true });
    try {
      await app.listen({ port: env.port, host: env.host });
    } catch (error) {
      await app.close();
      throw error;
    }
    return runningServer(app, lock);
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/** Starts the api: read configuration, build, listen, and shut down gracefully on SIGINT/SIGTERM. */
export async function main(): Promise<void> {
  const env = loadEnv();
  const server = await startServer(env);

  // performance.now() counts from the start of this process (Node's time origin).
  const seconds = (performance.now() / 1000).toFixed(1);
  console.log(`Kadr is ready on http://localhost:${server.port}${WEB_BASE} (started in ${seconds} s)`);
  handleShutdownSignals(server, { ...env.shutdown, log: server.app.log });
}

/** Runs main() as the process (launch.ts); a start-up failure is printed and exits 1. */
export function runMain(): void {
  main().catch((error: unknown) => {
    const known = error instanceof EnvError || error instanceof EmbeddedDatabaseBusyError;
    console.error(known ? (error as Error).message : error);
    process.exit(1);
  });
}
