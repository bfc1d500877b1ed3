import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from './server';
import { testEnv } from './test/harness';

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('startServer', () => {
  it('listens on loopback only in development, where the sandbox SMS outbox hands out codes', {
    timeout: 120_000,
  }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kadr-server-'));
    temps.push(dataDir);
    // No HOST: the development default.
    const server = await startServer(testEnv({ DATA_DIR: dataDir, PORT: '0', CATALOGUE_SEED: 'off' }), {
      seedCatalogue: false,
    });
    try {
      expect((server.app.server.address() as AddressInfo).address).toBe('127.0.0.1');
      const res = await fetch(`http://127.0.0.1:${server.port}/sandbox/sms?phone=79991234567`);
      expect(res.status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
