import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const repoRoot = join(import.meta.dirname, '..', '..');

/** The built single-process service, started on a free port with its own empty data folder. */
export interface RunningService {
  baseUrl: string;
  dataDir: string;
  /** The server process (benchmarks read its CPU time). */
  pid: number;
  /** Lines the service printed (for diagnosing a failed journey). */
  output: string[];
  stop(): Promise<void>;
}

/** Finds a free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls /healthz until it answers 200 or the time runs out. */
export async function waitForHealthy(baseUrl: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.status === 200) return;
      lastError = new Error(`healthz answered ${response.status}`);
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`service at ${baseUrl} not healthy in ${timeoutMs} ms: ${String(lastError)}`);
}

/**
 * Starts `apps/api/dist/server.js` (run `pnpm build` first) with the given extra environment; `root`
 * names another checkout whose built server to start instead (a benchmark's baseline build).
 */
export async function startService(
  env: Record<string, string> = {},
  options: { root?: string } = {},
): Promise<RunningService> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'kadr-e2e-'));
  const output: string[] = [];
  const root = options.root ?? repoRoot;
  const child: ChildProcess = spawn(process.execPath, [join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Packaging the demo video set keeps both cores busy for a minute: only the suites that play ask for it.
      DEMO_MEDIA: '0',
      // The demo EPG writes a programme guide for every channel a second after start (140 000 rows for a
      // benchmark's 300 channels): only the suites that show the guide ask for it.
      DEMO_SCHEDULE: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealthy(baseUrl);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${String(error)}\n${output.join('')}`);
  }
  return {
    baseUrl,
    dataDir,
    pid: child.pid!,
    output,
    async stop() {
      // A process ended by a signal (a journey's SIGKILL) has a signalCode and no exitCode.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
