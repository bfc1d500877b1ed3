// Starts Debian's nginx with docs/nginx/kadr-media.conf for the nginx suites, the scale-out journeys
// (e2e/support/cluster.ts) and the benchmarks (bench/segments.ts, bench/scale-out.ts).
// Node built-ins only, and `.ts`-free imports: the benchmark runs this file with plain `node`.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';

/** Debian's nginx binary (apt-get install nginx-light). */
export const NGINX_BINARY = '/usr/sbin/nginx';
/** The documented configuration. */
export const NGINX_CONFIG = join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  '..',
  'docs',
  'nginx',
  'kadr-media.conf',
);

/** Whether nginx is installed here. */
export const nginxAvailable = existsSync(NGINX_BINARY);

/**
 * The documented server block with its placeholders filled in; with several api instances, the
 * upstream's `server {{API}} …` line is repeated once per instance.
 */
export function renderMediaConfig(values: {
  dataDir: string;
  mediaSecret: string;
  api: string | readonly string[];
  listen: number;
  /** The access log's file (default: none kept, /dev/null). */
  accessLog?: string;
}) {
  const apis = typeof values.api === 'string' ? [values.api] : values.api;
  return (
    readFileSync(NGINX_CONFIG, 'utf8')
      .replace(/^\s*server \{\{API\}\}.*$/m, (line) =>
        apis.map((api) => line.replaceAll('{{API}}', api)).join('\n'),
      )
      // What is left names it in the comments.
      .replaceAll('{{API}}', apis.join(', '))
      .replaceAll('{{DATA_DIR}}', values.dataDir)
      .replaceAll('{{MEDIA_SECRET}}', values.mediaSecret)
      .replaceAll('{{LISTEN}}', `127.0.0.1:${values.listen}`)
      .replaceAll('{{ACCESS_LOG}}', values.accessLog ?? '/dev/null')
  );
}

/** A plain static server block over the same files (the benchmark's baseline). */
export function plainStaticConfig(values: { dataDir: string; listen: number }) {
  return `server {
    listen 127.0.0.1:${values.listen};
    sendfile on;
    tcp_nopush on;
    open_file_cache max=10000 inactive=60s;
    location /media/hls/ {
        root ${values.dataDir};
        types { video/mp2t ts; video/iso.segment m4s; video/mp4 mp4; }
    }
}`;
}

/** A running nginx; `stop()` ends it (SIGQUIT, then SIGKILL). */
export interface NginxProcess {
  stop(): Promise<void>;
  output: string[];
}

async function waitForPort(port: number, child: ChildProcess, output: string[], timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited ${child.exitCode}: ${output.join('')}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nginx did not listen on ${port}: ${output.join('')}`);
}

/**
 * Runs nginx in the foreground with the given server blocks, everything it writes kept in `prefix`
 * (pid, temp folders, logs to stderr). Run as root, its workers stay root so they can read a private
 * temp folder.
 */
export async function startNginx(
  prefix: string,
  servers: string[],
  ports: number[],
  options: { workers?: number } = {},
): Promise<NginxProcess> {
  mkdirSync(join(prefix, 'tmp'), { recursive: true });
  const root = process.getuid?.() === 0;
  const config = `${root ? 'user root;' : ''}
worker_processes ${options.workers ?? 1};
pid ${join(prefix, 'nginx.pid')};
error_log stderr warn;
events { worker_connections 4096; }
http {
    access_log off;
    default_type application/octet-stream;
    client_body_temp_path ${join(prefix, 'tmp', 'body')};
    proxy_temp_path ${join(prefix, 'tmp', 'proxy')};
    fastcgi_temp_path ${join(prefix, 'tmp', 'fastcgi')};
    uwsgi_temp_path ${join(prefix, 'tmp', 'uwsgi')};
    scgi_temp_path ${join(prefix, 'tmp', 'scgi')};
${servers.join('\n')}
}
`;
  const file = join(prefix, 'nginx.conf');
  writeFileSync(file, config);
  const output: string[] = [];
  const child = spawn(NGINX_BINARY, ['-p', prefix, '-c', file, '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => output.push(c.toString()));
  child.stderr?.on('data', (c: Buffer) => output.push(c.toString()));
  try {
    for (const port of ports) await waitForPort(port, child, output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
