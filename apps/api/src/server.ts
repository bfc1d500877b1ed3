import { buildApp } from './app';
import { EnvError, loadEnv } from './env';
import { WEB_BASE } from './modules/web/routes';

/** Starts the api: read configuration, build, listen, and close cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const env = loadEnv();
  const app = await buildApp({ env, seedCatalogue: true });
  await app.listen({ port: env.port, host: env.host });

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.port;
  // performance.now() counts from the start of this process (Node's time origin).
  const seconds = (performance.now() / 1000).toFixed(1);
  console.log(`Kadr is ready on http://localhost:${port}${WEB_BASE} (started in ${seconds} s)`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting connections, let in-flight requests finish, then close the database (onClose).
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
