import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createDatabase } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { ServiceMetrics } from '../../metrics/metrics';
import { REDIS_TEST_URL, redisAvailable, testEnv } from '../../test/harness';

// Liveness and readiness (docs/decisions/020-server-lifecycle.md): what balancers and orchestrators poll.

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function build(env: Record<string, string> = {}) {
  const database = await createDatabase({ databaseUrl: undefined, dataDir: '' }, { inMemory: true });
  await migrateDatabase(database);
  const app = await buildApp({ env: testEnv(env), db: database });
  apps.push(app);
  return { app, database };
}

const get = async (app: FastifyInstance, url: string) => {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json(), connection: res.headers.connection };
};

const OK = { code: 200, success: true, response: { status: 'ok' } };

describe('health checks', () => {
  it('answers /healthz and /readyz with the envelope while the database answers', async () => {
    const { app } = await build();
    expect(await get(app, '/healthz')).toMatchObject({ status: 200, body: OK });
    expect(await get(app, '/readyz')).toMatchObject({ status: 200, body: OK });
  });

  it('fails both once the instance drains, and every answer then closes its connection', async () => {
    const { app } = await build();
    expect((await get(app, '/v1/agregator/nothingHere')).connection).not.toBe('close');
    app.lifecycle.drain();
    for (const url of ['/healthz', '/readyz']) {
      expect(await get(app, url), url).toEqual({
        status: 503,
        body: {
          code: 503,
          success: false,
          response: {
            error: 'shutting_down',
            message: 'This instance is shutting down: send requests to another one',
          },
        },
        connection: 'close',
      });
    }
    // Other requests are still served, each telling a keep-alive client to go elsewhere next.
    expect(await get(app, '/v1/agregator/nothingHere')).toMatchObject({
      status: 404,
      body: { code: 404, success: false, response: { error: 'not_found' } },
      connection: 'close',
    });
  });

  it('is not ready when the database does not answer, and still alive', async () => {
    const { app, database } = await build();
    await database.close();
    expect(await get(app, '/readyz')).toMatchObject({
      status: 503,
      body: {
        code: 503,
        success: false,
        response: { error: 'not_ready', details: [{ path: 'database', message: expect.any(String) }] },
      },
    });
    expect(await get(app, '/healthz')).toMatchObject({ status: 200, body: OK });
  });

  it('stays ready while Redis is unreachable, reporting it degraded, and says so in kadr_redis_up', {
    timeout: 20_000,
  }, async () => {
    const metrics = new ServiceMetrics({ defaultMetrics: false });
    const database = await createDatabase({ databaseUrl: undefined, dataDir: '' }, { inMemory: true });
    await migrateDatabase(database);
    const app = await buildApp({ env: testEnv({ REDIS_URL: 'redis://127.0.0.1:1' }), db: database, metrics });
    apps.push(app);
    // Every call still works without Redis (limits count in the database): a balancer routing by
    // readiness must not take every instance out for it.
    expect(await get(app, '/readyz')).toMatchObject({
      status: 200,
      body: {
        code: 200,
        success: true,
        response: { status: 'degraded', details: [{ path: 'redis', message: expect.any(String) }] },
      },
    });
    expect(await get(app, '/healthz')).toMatchObject({ status: 200, body: OK });
    expect(await metrics.text()).toMatch(/^kadr_redis_up 0$/m);
    // The database gone as well: not ready, naming both.
    await database.close();
    expect(await get(app, '/readyz')).toMatchObject({
      status: 503,
      body: { response: { error: 'not_ready', details: [{ path: 'database' }, { path: 'redis' }] } },
    });
  });

  it.skipIf(!redisAvailable)('is ready with Redis answering (Redis)', async () => {
    const metrics = new ServiceMetrics({ defaultMetrics: false });
    const database = await createDatabase({ databaseUrl: undefined, dataDir: '' }, { inMemory: true });
    await migrateDatabase(database);
    const app = await buildApp({ env: testEnv({ REDIS_URL: REDIS_TEST_URL }), db: database, metrics });
    apps.push(app);
    expect(await get(app, '/readyz')).toMatchObject({ status: 200, body: OK });
    expect(await metrics.text()).toMatch(/^kadr_redis_up 1$/m);
  });

  it('has no kadr_redis_up without Redis', async () => {
    const metrics = new ServiceMetrics({ defaultMetrics: false });
    const database = await createDatabase({ databaseUrl: undefined, dataDir: '' }, { inMemory: true });
    await migrateDatabase(database);
    apps.push(await buildApp({ env: testEnv(), db: database, metrics }));
    expect(await metrics.text()).not.toMatch(/^kadr_redis_up /m);
  });
});

describe('log level of expected 503s', () => {
  it('a database outage answers 503 envelopes logged at warn, with no error-level line', async () => {
    const lines: Array<{ level: number; msg: string }> = [];
    const database = await createDatabase({ databaseUrl: undefined, dataDir: '' }, { inMemory: true });
    await migrateDatabase(database);
    const app = await buildApp({
      env: testEnv({ LOG_LEVEL: 'info' }),
      db: database,
      logStream: { write: (line) => lines.push(JSON.parse(line)) },
    });
    apps.push(app);
    await database.close();
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    app.lifecycle.drain();
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(503);
    const refused = lines.filter((l) => l.msg === 'request refused: unavailable');
    expect(refused.map((l) => l.level)).toEqual([40, 40]);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });
});
