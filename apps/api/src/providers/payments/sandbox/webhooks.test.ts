import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../../db/client';
import { sandboxYookassaNotifications } from '../../../db/schema';
import {
  type Backend,
  FakeClock,
  pgliteBackend,
  postgresBackend,
  testEnv,
  useApi,
} from '../../../test/harness';
import type { Notification, Payment } from '../schemas';
import { notification } from '../schemas';
import { createYooKassaSandbox } from './emulator';
import { retryDelayMs, SandboxWebhooks, type SandboxWebhooksOptions } from './webhooks';

/** A local receiver answering the statuses of `script` in turn (then the last one), after `delayMs`. */
async function receiver(script: number[] = [200], delayMs = 0) {
  const received: Notification[] = [];
  const server: Server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    received.push(notification.parse(JSON.parse(raw)));
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    const status = script[Math.min(received.length - 1, script.length - 1)] ?? 200;
    res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

const paymentObject = (id: number, status: Payment['status'] = 'succeeded'): Payment => ({
  id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  status,
  paid: status === 'succeeded',
  amount: { value: '299.00', currency: 'RUB' },
  created_at: '2030-01-15T10:00:00.000Z',
  test: true,
});

function suite(backend: Backend) {
  const api = useApi(backend);
  const setup = (options: SandboxWebhooksOptions = {}) => {
    const clock = new FakeClock();
    const webhooks = new SandboxWebhooks(api.database.db, clock, options);
    const queue = (id: number, status: Payment['status'] = 'succeeded') =>
      webhooks.enqueue(
        api.database.db,
        status === 'succeeded' ? 'payment.succeeded' : 'payment.canceled',
        paymentObject(id, status),
      );
    const rows = () =>
      api.database.db.select().from(sandboxYookassaNotifications).orderBy(sandboxYookassaNotifications.id);
    return { clock, webhooks, queue, rows };
  };
  return { api, setup };
}

describe.skipIf(!pgliteBackend.available)('sandbox YooKassa notifications (PGlite)', () => {
  const { api, setup } = suite(pgliteBackend);

  it('targets the api’s own notification route, on the address it listens on, by default', async () => {
    const clock = new FakeClock();
    const sandbox = createYooKassaSandbox(api.database.db, clock, testEnv().yookassaSandbox);
    const { app } = await api.setup({}, { clock, yookassaSandbox: sandbox });
    expect(sandbox.webhooks.url).toBeUndefined();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    expect(sandbox.webhooks.url).toBe(`http://127.0.0.1:${port}/v1/payments/yookassa/notifications`);
  });

  it('posts a queued notification as YooKassa’s JSON body, once', async () => {
    const hook = await receiver();
    const { webhooks, queue, rows } = setup({ url: hook.url });
    await queue(1);
    expect(await webhooks.deliverDue()).toBe(1);
    expect(hook.received).toEqual([
      { type: 'notification', event: 'payment.succeeded', object: paymentObject(1) },
    ]);
    expect(await webhooks.deliverDue()).toBe(0);
    expect(hook.received).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ attempts: 1, lastError: null, gaveUpAt: null });
    expect((await rows())[0]?.deliveredAt).not.toBeNull();
  });

  it('waits for a target: nothing is posted before the server knows its own address', async () => {
    const hook = await receiver();
    const { webhooks, queue } = setup();
    await queue(1);
    expect(await webhooks.deliverDue()).toBe(0);
    webhooks.setDefaultUrl(hook.url);
    webhooks.setDefaultUrl('http://127.0.0.1:9/ignored');
    expect(webhooks.url).toBe(hook.url);
    expect(await webhooks.deliverDue()).toBe(1);
  });

  it('retries a non-2xx answer with backoff until the receiver takes it', async () => {
    const hook = await receiver([500, 503, 204]);
    const { webhooks, queue, rows, clock } = setup({ url: hook.url });
    await queue(1);
    expect(await webhooks.deliverDue()).toBe(0);
    expect((await rows())[0]).toMatchObject({ attempts: 1, lastError: 'HTTP 500', deliveredAt: null });
    expect(retryDelayMs(1)).toBe(1000);
    clock.advance(0.5);
    expect(await webhooks.deliverDue()).toBe(0);
    expect(hook.received).toHaveLength(1);
    clock.advance(0.5);
    expect(await webhooks.deliverDue()).toBe(0);
    expect((await rows())[0]).toMatchObject({ attempts: 2, lastError: 'HTTP 503' });
    clock.advance(1);
    expect(await webhooks.deliverDue()).toBe(0);
    clock.advance(1);
    expect(await webhooks.deliverDue()).toBe(1);
    expect(hook.received).toHaveLength(3);
    expect((await rows())[0]).toMatchObject({ attempts: 3, lastError: null });
  });

  it('retries a receiver that is down, and gives up after 24 hours', async () => {
    const { webhooks, queue, rows, clock } = setup({ url: 'http://127.0.0.1:9/hook', timeoutMs: 500 });
    await queue(1);
    expect(await webhooks.deliverDue()).toBe(0);
    expect((await rows())[0]?.lastError).toBeTruthy();
    expect(retryDelayMs(20)).toBe(600_000);
    for (let hour = 0; hour < 24; hour++) {
      clock.advance(3600);
      await webhooks.deliverDue();
    }
    const [row] = await rows();
    expect(row?.gaveUpAt).not.toBeNull();
    clock.advance(3600);
    expect(await webhooks.deliverDue()).toBe(0);
    expect((await rows())[0]?.attempts).toBe(row?.attempts);
  });

  it('duplicates every notification when asked', async () => {
    const hook = await receiver();
    const { webhooks, queue } = setup({ url: hook.url, chaos: { duplicates: 2, reorderWindowMs: 0 } });
    await queue(1);
    expect(await webhooks.deliverDue()).toBe(3);
    expect(hook.received).toEqual(Array(3).fill(hook.received[0]));
  });

  it('delivers out of order when asked: a later event may arrive first', async () => {
    const hook = await receiver();
    const delays = [0.9, 0.1];
    const { webhooks, queue, clock } = setup({
      url: hook.url,
      chaos: { duplicates: 0, reorderWindowMs: 10_000 },
      random: () => delays.shift() ?? 0,
    });
    await queue(1, 'canceled');
    await queue(2, 'succeeded');
    expect(await webhooks.deliverDue()).toBe(0);
    clock.advance(10);
    expect(await webhooks.deliverDue()).toBe(2);
    expect(hook.received.map((n) => [n.event, n.object.id.slice(-1)])).toEqual([
      ['payment.succeeded', '2'],
      ['payment.canceled', '1'],
    ]);
  });

  it('posts the notifications of the running api’s sandbox by itself', async () => {
    const hook = await receiver();
    const { webhooks, queue } = setup({ url: hook.url });
    webhooks.start(async () => {
      for (let n = 1; n > 0; ) n = await webhooks.deliverDue();
    }, 20);
    await queue(1);
    await queue(2);
    await expect.poll(() => hook.received.length, { timeout: 3000 }).toBe(2);
    await webhooks.stop();
  });
});

describe.skipIf(!postgresBackend.available)('sandbox YooKassa notifications (PostgreSQL)', () => {
  const { api, setup } = suite(postgresBackend);

  it('claims each due notification for one deliverer: four instances post 60 notifications exactly once', async () => {
    const hook = await receiver([200], 5);
    const { queue, clock } = setup();
    for (let i = 1; i <= 60; i++) await queue(i);
    // Four "instances": separate connection pools on the same database, one deliverer each.
    const url = api.databaseUrl;
    const pools: Database[] = [];
    const deliverers: SandboxWebhooks[] = [];
    for (let i = 0; i < 4; i++) {
      const database = url
        ? await createDatabase({ databaseUrl: url, dataDir: '' }, { poolSize: 2 })
        : api.database;
      if (url) pools.push(database);
      deliverers.push(new SandboxWebhooks(database.db, clock, { url: hook.url }));
    }
    try {
      const counts = await Promise.all(
        deliverers.map(async (d) => {
          let total = 0;
          for (let n = 1; n > 0; ) {
            n = await d.deliverDue(5);
            total += n;
          }
          return total;
        }),
      );
      expect(counts.reduce((a, b) => a + b, 0)).toBe(60);
      // More than one instance took part, and no notification reached the receiver twice.
      expect(counts.filter((n) => n > 0).length).toBeGreaterThan(1);
      const ids = hook.received.map((n) => n.object.id);
      expect(new Set(ids).size).toBe(60);
      expect(ids).toHaveLength(60);
    } finally {
      await Promise.all(pools.map((p) => p.close()));
    }
  });
});
