import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { isDependencyUnavailable } from '../http/dependency-errors';
import { createDatabase } from './client';

// A PostgreSQL that does not answer: it accepts connections and never says a word (a hung server, or a
// balancer in front of a dead one). Requests must fail within the connect bound, not wait for ever.
describe('the PostgreSQL pool against a server that does not answer', () => {
  let server: Server | undefined;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('gives a query up after DATABASE_CONNECT_TIMEOUT_MS, as a dependency being away (503)', async () => {
    server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const database = await createDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${port}/silent`,
      dataDir: '',
      databaseTimeouts: { connectMs: 300, statementMs: 1000 },
    });
    try {
      const started = performance.now();
      const failure = await database.db.execute('select 1').then(
        () => undefined,
        (error: unknown) => error,
      );
      const waited = performance.now() - started;
      expect(failure).toBeInstanceOf(Error);
      expect(isDependencyUnavailable(failure)).toBe(true);
      expect(waited).toBeGreaterThanOrEqual(250);
      expect(waited).toBeLessThan(2000);
    } finally {
      await database.close();
    }
  });
});
