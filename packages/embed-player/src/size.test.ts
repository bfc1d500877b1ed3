// @vitest-environment node
// The SDK's size budgets (issue 14), measured on a build made with the package's own tsup.config.ts, so
// the figures are the published ones:
// - what a partner's page loads up front — the ESM entry index.js and any chunk it imports statically —
//   at most 4 KB gzip;
// - the cast sender, a chunk of its own that index.js loads with import() only when the frame offers
//   casting, reported apart (and kept small);
// - the script-tag build, which cannot split and so holds the cast sender too: at most 5.5 KB gzip.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Options } from 'tsup';
import { afterAll, expect, it } from 'vitest';
import configs from '../tsup.config.js';

const ENTRY_BUDGET = 4 * 1024;
const CAST_BUDGET = 1.5 * 1024;
const SCRIPT_TAG_BUDGET = 5.5 * 1024;
const root = join(import.meta.dirname, '..');
const outDir = mkdtempSync(join(tmpdir(), 'kadr-embed-size-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const gzip = (file: string) => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;

/** `file` and the chunks it imports statically (`import … from "./x.js"`, `import "./x.js"`), not import(). */
function upFront(file: string, seen = new Set<string>()): Set<string> {
  seen.add(file);
  const code = readFileSync(join(outDir, file), 'utf8');
  for (const [, chunk] of code.matchAll(
    /(?:^|[;}\s])(?:import|export)\s*(?:[^'"();]*?from\s*)?["']\.\/([^"']+)["']/g,
  ))
    if (chunk && !seen.has(chunk)) upFront(chunk, seen);
  return seen;
}

it('keeps what a page loads up front within 4 KB gzip, the cast chunk apart, the script tag within 5.5 KB', async () => {
  for (const config of configs as Options[])
    await build({
      ...config,
      entry: Object.fromEntries(
        Object.entries(
          Array.isArray(config.entry)
            ? Object.fromEntries(config.entry.map((path) => [path.replace(/^src\/|\.ts$/g, ''), path]))
            : (config.entry ?? {}),
        ).map(([name, path]) => [name, join(root, path)]),
      ),
      // The package's tsconfig (class fields as assignments), wherever vitest runs from.
      tsconfig: join(root, 'tsconfig.json'),
      outDir,
      silent: true,
    });
  const files = readdirSync(outDir).filter((file) => file.endsWith('.js'));
  const entry = upFront('index.js');
  const cast = files.filter((file) => file.startsWith('cast-sender-'));
  const entryBytes = [...entry].reduce((sum, file) => sum + gzip(file), 0);
  const castBytes = cast.reduce((sum, file) => sum + gzip(file), 0);
  const scriptTag = gzip('embed-player.global.js');
  console.info(
    `embed-player gzip: up front ${entryBytes} B (${[...entry].join(' + ')}; budget ${ENTRY_BUDGET} B), ` +
      `cast chunk ${castBytes} B (${cast.join(', ')}), script tag ${scriptTag} B (budget ${SCRIPT_TAG_BUDGET} B)`,
  );
  // index.js imports no chunk up front; the cast sender is reached only through import().
  expect([...entry]).toEqual(['index.js']);
  expect(cast).toHaveLength(1);
  expect(readFileSync(join(outDir, 'index.js'), 'utf8')).toContain(`import("./${cast[0]}")`);
  expect(entryBytes).toBeGreaterThan(1000);
  expect(entryBytes).toBeLessThanOrEqual(ENTRY_BUDGET);
  expect(castBytes).toBeLessThanOrEqual(CAST_BUDGET);
  expect(scriptTag).toBeLessThanOrEqual(SCRIPT_TAG_BUDGET);
});
