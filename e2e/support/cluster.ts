// Several api instances behind Debian's nginx, as docs/nginx/kadr-media.conf deploys them: one
// PostgreSQL database, one Redis, one media store, the same secrets (docs/decisions/024-scale-out.md).
// For the scale-out journeys and bench/scale-out.ts; run `pnpm run build` first.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type NginxProcess,
  nginxAvailable,
  renderMediaConfig,
  startNginx,
} from '../../apps/api/src/test/nginx-process.ts';
import { freshPostgres } from './postgres.ts';
import { freePort, type RunningService, startService } from './service.ts';

/** The shared Redis the suites use (never restarted or flushed by them). */
export const REDIS_URL = 'redis://127.0.0.1:6379';

/** One api process of the cluster, named `api-1`, `api-2`, … in its X-Kadr-Instance header. */
export interface ClusterInstance {
  name: string;
  /** Its own address, bypassing nginx. */
  baseUrl: string;
  service: RunningService;
  /** Ends it at once, as a crash or the OOM killer would (no shutdown, no drain); resolves once it is gone. */
  kill(): Promise<void>;
}

export interface Cluster {
  /** nginx: what viewers reach. */
  baseUrl: string;
  instances: ClusterInstance[];
  databaseUrl: string;
  /** The DATA_DIR every instance shares (the media store nginx serves from). */
  dataDir: string;
  /** The environment every instance got (for the operator CLIs run beside them). */
  env: Record<string, string>;
  nginx: NginxProcess;
  stop(): Promise<void>;
}

/** Whether a TCP port answers on the loopback interface. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** SIGKILL, then waits until the process is gone (Node reaps its children). */
async function killNow(pid: number): Promise<void> {
  process.kill(pid, 'SIGKILL');
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** What the cluster needs here, or why it cannot run (the suites skip only then). */
export async function clusterUnavailable(): Promise<string | null> {
  if (!nginxAvailable) return 'nginx is not installed (bash tools/ensure-test-tools.sh)';
  if (!(await listening(6379))) return 'no Redis on 127.0.0.1:6379';
  if (!(await listening(5432))) return 'no PostgreSQL on 127.0.0.1:5432';
  return null;
}

/**
 * Starts `instances` api processes at once on a fresh database (they migrate and seed it together,
 * as a rolling deployment's first start does), then nginx in front with the documented config.
 * `env` goes to every instance; `envOf(i)` to instance i only.
 */
export async function startCluster(
  options: {
    prefix?: string;
    instances?: number;
    env?: Record<string, string>;
    envOf?: (index: number) => Record<string, string>;
  } = {},
): Promise<Cluster> {
  const count = options.instances ?? 2;
  const database = await freshPostgres(options.prefix ?? 'kadr_cluster');
  if (!database) throw new Error('the cluster needs PostgreSQL on 127.0.0.1:5432');
  const dataDir = mkdtempSync(join(tmpdir(), 'kadr-cluster-'));
  const nginxPort = await freePort();
  const baseUrl = `http://127.0.0.1:${nginxPort}`;
  const env: Record<string, string> = {
    DATABASE_URL: database.url,
    REDIS_URL: REDIS_URL,
    DATA_DIR: dataDir,
    TOKEN_SECRET: randomBytes(24).toString('base64url'),
    MEDIA_SECRET: randomBytes(24).toString('base64url'),
    // Every instance must open what any other sealed (docs/decisions/042-partner-accounts.md).
    PARTNER_ACCOUNTS_KEY: randomBytes(32).toString('base64'),
    // nginx on the loopback interface is the one proxy: viewers' addresses come from X-Forwarded-For.
    TRUST_PROXY: '1',
    // The sandbox YooKassa posts its notifications where the real one would: the public address.
    YOOKASSA_WEBHOOK_URL: `${baseUrl}/v1/payments/yookassa/notifications`,
    ...options.env,
  };
  const services: RunningService[] = [];
  let nginx: NginxProcess | undefined;
  const stop = async () => {
    await nginx?.stop();
    await Promise.all(services.map((service) => service.stop()));
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  };
  try {
    const started = await Promise.allSettled(
      Array.from({ length: count }, (_, i) =>
        startService({ ...env, INSTANCE_NAME: `api-${i + 1}`, ...options.envOf?.(i) }),
      ),
    );
    for (const result of started) if (result.status === 'fulfilled') services.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    nginx = await startNginx(
      join(dataDir, 'nginx'),
      [
        renderMediaConfig({
          dataDir,
          mediaSecret: env.MEDIA_SECRET!,
          api: services.map((service) => new URL(service.baseUrl).host),
          listen: nginxPort,
        }),
      ],
      [nginxPort],
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl,
    instances: services.map((service, i) => ({
      name: `api-${i + 1}`,
      baseUrl: service.baseUrl,
      service,
      kill: () => killNow(service.pid),
    })),
    databaseUrl: database.url,
    dataDir,
    env,
    nginx: nginx!,
    stop,
  };
}
