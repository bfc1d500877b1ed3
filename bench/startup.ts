// Time from `npm start` on an installed, built tree to GET /healthz answering 200 (goal: under 3 s),
// first start on an empty data folder and restart on an existing one, beside a bare Fastify process
// and the service started directly (`node apps/api/dist/server.js`, no npm and no bootstrap).
// Run after `npm start` has installed and built once: node bench/startup.ts
// BENCH_BASELINE_ROOT=<another checkout, its api built> adds that build's server.js, started the same
// way run by run beside this one, and the ratio of the two: how a change moved start-up (issue 23's
// module wiring was measured against the commit before it this way).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../e2e/support/service.ts';
import { quantile, table, writeSection } from './lib/report.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const root = join(import.meta.dirname, '..');
const server = join(root, 'apps/api/dist/server.js');
/** Touched by every build `npm start` runs (tools/bootstrap.mjs). */
const buildStamp = join(root, 'node_modules/.kadr-build-stamp');
/** When the service was last built: a change during the runs means a start paid for a build. */
const builtAt = () =>
  `${statSync(server).mtimeMs} ${existsSync(buildStamp) ? statSync(buildStamp).mtimeMs : 0}`;

/**
 * CPU seconds (user + system) used so far by every process of a process group, children that have
 * exited included: a figure the other work on a shared machine disturbs far less than wall time.
 * Undefined where there is no /proc.
 */
function groupCpuSeconds(groupId: number): number | undefined {
  if (!existsSync('/proc/self/stat')) return undefined;
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after "(comm) ": state ppid pgrp … utime(14) stime(15) cutime(16) cstime(17).
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(fields[2]) === groupId)
        ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // the process exited meanwhile
    }
  }
  return ticks / 100; // USER_HZ is 100 on Linux
}

interface Sample {
  seconds: number;
  cpuSeconds: number | undefined;
}

async function timeToHealthy(command: string, args: string[], env: Record<string, string>): Promise<Sample> {
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
        if (response.status === 200) {
          const seconds = (performance.now() - started) / 1000;
          return { seconds, cpuSeconds: child.pid ? groupCpuSeconds(child.pid) : undefined };
        }
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
      // npm exits before its grandchildren: the service may still be closing its database and
      // stopping its ffmpeg work, and the data folder is removed (or reused) next.
      await groupExited(child.pid);
    }
  }
}

/** Resolves once no process of the group is left (at most 10 s; at once where there is no /proc). */
async function groupExited(groupId: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && groupMembers(groupId) > 0)
    await new Promise((resolve) => setTimeout(resolve, 20));
}

/** How many live processes belong to a process group (0 where there is no /proc). */
function groupMembers(groupId: number): number {
  if (!existsSync('/proc/self/stat')) return 0;
  let members = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      // A zombie (state Z) has exited: only its parent's wait is missing.
      if (Number(fields[2]) === groupId && fields[0] !== 'Z') members += 1;
    } catch {
      // the process exited meanwhile
    }
  }
  return members;
}

const npmStart = (dataDir: string) =>
  timeToHealthy('npm', ['start'], { DATA_DIR: dataDir, LOG_LEVEL: 'warn' });

// One untimed start: builds what is stale, so the timed ones measure an installed, built tree.
const warmUp = mkdtempSync(join(tmpdir(), 'kadr-startup-'));
try {
  await npmStart(warmUp);
} finally {
  rmSync(warmUp, { recursive: true, force: true });
}
const builtBefore = builtAt();
const loadBefore = loadavg()[0]!;

/** Another checkout's built api, started beside this one run by run (BENCH_BASELINE_ROOT). */
const baselineRoot = process.env.BENCH_BASELINE_ROOT;
const baselineServer = baselineRoot && join(baselineRoot, 'apps/api/dist/server.js');
if (baselineServer && !existsSync(baselineServer))
  throw new Error(`${baselineServer}: build that checkout's api first`);
/** How the baseline is named in the figures: its commit. */
const baselineName =
  baselineRoot &&
  `commit ${execFileSync('git', ['-C', baselineRoot, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()}`;

const series: { name: string; samples: Sample[] }[] = [
  { name: 'bare Fastify process (baseline)', samples: [] },
  { name: '`npm start`, empty data folder', samples: [] },
  { name: '`npm start`, existing data folder', samples: [] },
  { name: '`node apps/api/dist/server.js`, existing data folder', samples: [] },
  ...(baselineServer ? [{ name: `the same, the build of ${baselineName}`, samples: [] as Sample[] }] : []),
];
for (let run = 0; run < RUNS; run++) {
  series[0]!.samples.push(
    await timeToHealthy(process.execPath, [join(import.meta.dirname, 'lib', 'bare-server.ts')], {}),
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'kadr-startup-'));
  try {
    series[1]!.samples.push(await npmStart(dataDir));
    series[2]!.samples.push(await npmStart(dataDir));
    series[3]!.samples.push(
      await timeToHealthy(process.execPath, [server], { DATA_DIR: dataDir, LOG_LEVEL: 'warn' }),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (!baselineServer) continue;
  // Its own data folder, made by an untimed first start of that build: existing, as series 3's is.
  const baselineData = mkdtempSync(join(tmpdir(), 'kadr-startup-baseline-'));
  try {
    // The same web build as this one's (the other checkout need not build its web app).
    const env = { DATA_DIR: baselineData, LOG_LEVEL: 'warn', WEB_DIST: join(root, 'apps/web/dist') };
    await timeToHealthy(process.execPath, [baselineServer], env);
    series[4]!.samples.push(await timeToHealthy(process.execPath, [baselineServer], env));
  } finally {
    rmSync(baselineData, { recursive: true, force: true });
  }
}
if (builtAt() !== builtBefore)
  throw new Error('the service was rebuilt during the run (sources changed): the figures include a build');

const cpuColumn = (samples: Sample[]) => {
  const cpu = samples.flatMap((s) => (s.cpuSeconds === undefined ? [] : [s.cpuSeconds]));
  return cpu.length ? quantile(cpu, 0.5).toFixed(2) : 'n/a';
};
/** This build's median over the baseline build's, wall and CPU (run by run, so the hour is the same). */
function baselineRatio(ours: Sample[], theirs: Sample[]): string {
  const median = (samples: Sample[], key: 'seconds' | 'cpuSeconds') =>
    quantile(
      samples.flatMap((sample) => (sample[key] === undefined ? [] : [sample[key]])),
      0.5,
    );
  const wall = median(ours, 'seconds') / median(theirs, 'seconds');
  const cpu = median(ours, 'cpuSeconds') / median(theirs, 'cpuSeconds');
  return `This build against the build of ${baselineName}: wall ${wall.toFixed(2)}×, CPU ${cpu.toFixed(2)}× (medians, started alternately).`;
}

const body = [
  `${RUNS} runs each; time from spawning the command to the first 200 from /healthz. CPU s: user + system time of the command's processes until then (median), which other work on the machine disturbs less than wall time. Load average (1 min) ${loadBefore.toFixed(1)} before the runs, ${loadavg()[0]!.toFixed(1)} after.`,
  '',
  table(
    ['what', 'median s', 'max s', 'CPU s'],
    series.map((s) => {
      const seconds = s.samples.map((sample) => sample.seconds);
      return [
        s.name,
        quantile(seconds, 0.5).toFixed(2),
        Math.max(...seconds).toFixed(2),
        cpuColumn(s.samples),
      ];
    }),
  ),
  '',
  ...(baselineServer ? [baselineRatio(series[3]!.samples, series[4]!.samples), ''] : []),
  'Goal: ready in under 3 s.',
].join('\n');
writeSection('startup', 'Start-up time (bench/startup.ts)', body);
console.log(body);
