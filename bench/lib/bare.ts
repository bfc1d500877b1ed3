import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort, waitForHealthy } from '../../e2e/support/service.ts';

/**
 * Starts the baseline — a bare Fastify route in its own process, like the service — runs `measure`
 * against its URL (given the process id too, for its CPU time) and stops it.
 */
export async function withBareServer<T>(
  measure: (url: string, pid: number) => Promise<T>,
  /** Extra environment of the server (BARE_METRICS=on: the api's request metrics on every answer). */
  env: Record<string, string> = {},
): Promise<T> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(import.meta.dirname, 'bare-server.ts')], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: 'ignore',
  });
  try {
    await waitForHealthy(`http://127.0.0.1:${port}`);
    return await measure(`http://127.0.0.1:${port}/bare`, child.pid!);
  } finally {
    child.kill('SIGTERM');
  }
}
