// Runs every benchmark in bench/ in turn (after a build); each writes its section of docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = import.meta.dirname;
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.ts'))
  .sort()) {
  console.log(`\n=== ${file}`);
  const result = spawnSync(process.execPath, [join(dir, file)], { stdio: 'inherit' });
  if (result.status !== 0) process.exitCode = 1;
}
