import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import {
  EmbeddedDatabaseBusyError,
  type EmbeddedDatabaseLock,
  lockEmbeddedDatabase,
} from './db/embedded-lock';
import { type Env, EnvError, loadEnv } from './env';
import { WEB_BASE } from './modules/web/routes';

/** A listening api: the app, its port, and how to stop it. */
export interface RunningServer {
  app: FastifyInstance;
  port: number;
  /** Closes the app (in-flight requests finish, then the database closes) and releases the lock. */
  stop(): Promise<void>;
}

/**
 * Builds the app and listens. With the embedded database it first takes its lock (DATA_DIR/db.lock,
 * db/client.ts), held until stop(), so the operator commands refuse to open it meanwhile.
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
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : env.port;
    return {
      app,
      port,
      async stop() {
        try {
          await app.close();
        } finally {
          // Also after a failed close: the process exits next, and PGlite with it.
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/** Starts the api: read configuration, build, listen, and close cleanly on SIGINT/SIGTERM. */
export async function main(): Promise<void> {
  const env = loadEnv();
  const server = await startServer(env);

  // performance.now() counts from the start of this process (Node's time origin).
  const seconds = (performance.now() / 1000).toFixed(1);
  console.log(`Kadr is ready on http://localhost:${server.port}${WEB_BASE} (started in ${seconds} s)`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    server.app.log.info({ signal }, 'shutting down');
    // Stop accepting connections, let in-flight requests finish, close the database (onClose), then
    // release the embedded database's lock. A forced exit leaves the lock behind: its pid is then
    // gone, so the next start or command takes it over.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        server.app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

/** Runs main() as the process (launch.ts); a start-up failure is printed and exits 1. */
export function runMain(): void {
  main().catch((error: unknown) => {
    const known = error instanceof EnvError || error instanceof EmbeddedDatabaseBusyError;
    console.error(known ? (error as Error).message : error);
    process.exit(1);
  });
}
