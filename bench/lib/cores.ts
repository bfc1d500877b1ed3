// Keeps the load generator and the server under test on cores of their own. On this 2-core machine
// the scheduler otherwise stacks autocannon on the server's core for part of some runs: the same
// service then measured 2 000–2 900 or 3 300–4 600 cold searches per second from one run to the next
// (p99 22 to 58 ms over 14 runs), a figure of where the two processes landed rather than of the
// server. Pinned, five runs measured 3 700–4 700 per second, p99 24–37 ms, even with the server's GC
// threads on its one core.
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

/** The core of the bench process (autocannon runs in it) and of every process it measures. */
export const GENERATOR_CORE = 0;
export const SERVER_CORE = 1;

/**
 * Whether processes are pinned: on by default where there are 2+ cores and `taskset` (util-linux)
 * runs; BENCH_PIN=0 turns it off (the scheduler then places both, as before).
 */
export function pinningWanted(): boolean {
  if (process.env.BENCH_PIN === '0' || availableParallelism() < 2) return false;
  try {
    execFileSync('taskset', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Pins every thread of process `pid` (V8's helper threads included) to `core`. */
export function pinProcess(pid: number, core: number): void {
  execFileSync('taskset', ['--all-tasks', '--pid', '--cpu-list', String(core), String(pid)], {
    stdio: 'ignore',
  });
}
