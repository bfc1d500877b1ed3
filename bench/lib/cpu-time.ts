// CPU seconds of processes from /proc (Linux): a process's own time and that of its children it has
// waited for (ffmpeg runs under the api, or under a shell here), which wall time on a shared machine hides.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** user + system seconds of a process itself, and of its children that have exited and been waited for. */
export interface CpuSeconds {
  self: number;
  children: number;
}

/** Parses a /proc/<pid>/stat line (fields 14–17: utime, stime, cutime, cstime in clock ticks). */
export function parseProcStat(stat: string): CpuSeconds {
  // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const tick = (i: number) => Number(fields[i - 3]);
  return {
    self: (tick(14) + tick(15)) / TICKS_PER_SECOND,
    children: (tick(16) + tick(17)) / TICKS_PER_SECOND,
  };
}

/** The CPU seconds of a running process. */
export function cpuOf(pid: number): CpuSeconds {
  return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/**
 * Runs a command to completion under `sh`, which prints its own /proc stat after waiting for it: the
 * command's CPU seconds (with everything it waited for) and its wall time. `nice` lowers its priority
 * as the demo media's ffmpeg processes are lowered.
 */
export function runTimed(
  command: string,
  args: string[],
  options: { nice?: number; cwd?: string } = {},
): Promise<{ wallS: number; cpuS: number }> {
  const prefix = options.nice ? ['nice', '-n', String(options.nice)] : [];
  const script = '"$@" </dev/null >/dev/null; s=$?; cat /proc/$$/stat; exit $s';
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', script, 'sh', ...prefix, command, ...args], {
      cwd: options.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      stdout += c;
    });
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      stderr = (stderr + c).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const wallS = (performance.now() - started) / 1000;
      if (code !== 0) reject(new Error(`${command} exited ${code}: ${stderr}`));
      else resolve({ wallS, cpuS: parseProcStat(stdout.trim()).children });
    });
  });
}
