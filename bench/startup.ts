// Time from `npm start` on an installed, built tree to GET /healthz answering 200 (goal: under 3 s),
// first start on an empty data folder and restart on an existing one, beside a bare Fastify process.
// Run after `npm start` has installed and built once: node bench/startup.ts
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../e2e/support/service.ts';
import { quantile, table, writeSection } from './lib/report.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const root = join(import.meta.dirname, '..');

async function timeToHealthy(command: string, args: string[], env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/healthz`);
        if (response.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    // The whole process group: `npm start` runs the service as a grandchild.
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
      await exited;
    }
  }
}

const series: { name: string; times: number[] }[] = [
  { name: 'bare Fastify process (baseline)', times: [] },
  { name: '`npm start`, empty data folder', times: [] },
  { name: '`npm start`, existing data folder', times: [] },
];
for (let run = 0; run < RUNS; run++) {
  series[0]!.times.push(
    await timeToHealthy(process.execPath, [join(import.meta.dirname, 'lib', 'bare-server.ts')], {}),
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'kadr-startup-'));
  try {
    series[1]!.times.push(await timeToHealthy('npm', ['start'], { DATA_DIR: dataDir, LOG_LEVEL: 'warn' }));
    series[2]!.times.push(await timeToHealthy('npm', ['start'], { DATA_DIR: dataDir, LOG_LEVEL: 'warn' }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const body = [
  `${RUNS} runs each; time from spawning the command to the first 200 from /healthz.`,
  '',
  table(
    ['what', 'median s', 'max s'],
    series.map((s) => [
      s.name,
      (quantile(s.times, 0.5) / 1000).toFixed(2),
      (Math.max(...s.times) / 1000).toFixed(2),
    ]),
  ),
  '',
  'Goal: ready in under 3 s.',
].join('\n');
writeSection('startup', 'Start-up time (bench/startup.ts)', body);
console.log(body);
