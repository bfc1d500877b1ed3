// Runs wrk (C, Debian package `wrk`) over a list of URL paths: a load generator that does not become
// the bottleneck the way one autocannon process does when the answers are large files.
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The wrk binary on PATH and its version line, or undefined when it is not installed. */
export function findWrk(): { path: string; version: string } | undefined {
  const probe = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  // wrk --version prints its banner and exits 1; only a missing binary sets `error`.
  if (probe.error) return undefined;
  const banner = `${probe.stdout}${probe.stderr}`.split('\n')[0] ?? '';
  return { path: 'wrk', version: banner.split(' Copyright')[0]!.trim() };
}

/** What one wrk run measured. */
export interface WrkFigures {
  requests: number;
  /** Requests per second over the run. */
  rps: number;
  /** Bytes per second received (headers and bodies). */
  bytesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Connect, read, write errors, timeouts and answers with a status ≥ 400. */
  errors: number;
}

export interface WrkRun {
  /** `http://host:port`. */
  baseUrl: string;
  /** Path list file, one path (with query) per line; written by `writePathList`. */
  pathList: string;
  connections: number;
  threads: number;
  durationS: number;
  timeoutS?: number;
}

const SCRIPT = join(import.meta.dirname, 'walk-urls.lua');

/** Writes the paths (one per line) where wrk's script reads them. */
export function writePathList(file: string, paths: string[]): string {
  writeFileSync(file, `${paths.join('\n')}\n`);
  return file;
}

/** Parses the `WRK_JSON {…}` line walk-urls.lua prints in done(). */
export function parseWrkOutput(stdout: string): WrkFigures {
  const line = stdout.split('\n').find((l) => l.startsWith('WRK_JSON '));
  if (!line) throw new Error(`wrk printed no figures:\n${stdout}`);
  const r = JSON.parse(line.slice('WRK_JSON '.length)) as Record<string, number>;
  const seconds = r.durationUs! / 1e6;
  return {
    requests: r.requests!,
    rps: r.requests! / seconds,
    bytesPerSecond: r.bytes! / seconds,
    p50Ms: r.p50Us! / 1000,
    p99Ms: r.p99Us! / 1000,
    errors: r.connect! + r.read! + r.write! + r.status! + r.timeout!,
  };
}

/** Runs wrk once with walk-urls.lua and answers its figures. */
export function runWrk(binary: string, run: WrkRun): Promise<WrkFigures> {
  const args = [
    `--threads=${run.threads}`,
    `--connections=${run.connections}`,
    `--duration=${run.durationS}s`,
    `--timeout=${run.timeoutS ?? 10}s`,
    '--script',
    SCRIPT,
    run.baseUrl,
    '--',
    run.pathList,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      stdout += c;
    });
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      stderr += c;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`wrk exited ${code}: ${stderr}${stdout}`));
      else {
        try {
          resolve(parseWrkOutput(stdout));
        } catch (error) {
          reject(error);
        }
      }
    });
  });
}
