import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const repoRoot = join(import.meta.dirname, '..', '..');

/** The running service an operator command works beside: its database and data folder. */
export interface OperatorTarget {
  databaseUrl: string;
  dataDir: string;
}

/** What a command printed. */
export interface OperatorOutput {
  stdout: string;
  stderr: string;
}

/**
 * Runs one of the api's operator commands (`apps/api/dist/<script>.js`, built by `pnpm build`) beside a
 * running service, on its database, with `input` on stdin. Throws with everything it printed when it
 * exits non-zero.
 */
export function runOperator(
  target: OperatorTarget,
  script: string,
  args: string[],
  input?: string,
): OperatorOutput {
  const run = spawnSync(process.execPath, [join(repoRoot, `apps/api/dist/${script}.js`), ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: target.databaseUrl, DATA_DIR: target.dataDir },
    encoding: 'utf8',
    input,
  });
  if (run.status !== 0) throw new Error(`${script} ${args.join(' ')} failed: ${run.stdout}\n${run.stderr}`);
  return { stdout: run.stdout, stderr: run.stderr };
}
