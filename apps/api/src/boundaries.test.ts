// The homes of apps/api (docs/architecture/README.md) and how they may import each other. A module
// under modules/<name>/ and a provider under providers/<name>/ is one home: its files import each other
// freely, and everything outside imports it only through its entry, index.ts. This test reads every
// relative import of src, so an import into another home's internals, a cycle between homes or a
// runtime file leaning on a test helper fails the test run instead of creeping back in.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = dirname(fileURLToPath(import.meta.url));

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

const files = walk(src).filter((file) => file.endsWith('.ts'));
const known = new Set(files);

function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) {
    if (known.has(candidate)) return candidate;
  }
  return null;
}

/** Every relative import of every file: static, type-only, re-exports, import() and vi.mock(). */
const imports = files.flatMap((from) =>
  [...readFileSync(from, 'utf8').matchAll(/(?:from|import|mock)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].flatMap(
    (match) => {
      const to = resolveImport(from, match[1] ?? '');
      return to ? [{ from: relative(src, from), to: relative(src, to) }] : [];
    },
  ),
);

/** The home a file belongs to: `modules/auth`, `providers/payments`; null for shared code outside them. */
function homeOf(file: string): string | null {
  const [top, name, ...rest] = file.split('/');
  return (top === 'modules' || top === 'providers') && name && rest.length > 0 ? `${top}/${name}` : null;
}

const isTest = (file: string) => file.endsWith('.test.ts');
/** Helpers and fixtures for tests only: src/test. */
const isTestSupport = (file: string) => file.startsWith('test/');
const isRuntime = (file: string) => !isTest(file) && !isTestSupport(file);
const isEntry = (file: string) => homeOf(file) !== null && file === `${homeOf(file)}/index.ts`;

/** Home → homes it imports (runtime files only), for the cycle check. */
function homeGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    const a = homeOf(from);
    const b = homeOf(to);
    if (!a || !b || a === b || !isRuntime(from)) continue;
    graph.set(a, (graph.get(a) ?? new Set()).add(b));
  }
  return graph;
}

/** Each cycle of the graph once, as `a → b → a`. */
function cyclesOf(graph: Map<string, Set<string>>): string[] {
  const cycles = new Set<string>();
  const visit = (node: string, path: string[]) => {
    for (const next of graph.get(node) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) {
        const loop = path.slice(at);
        const start = loop.indexOf([...loop].sort()[0] ?? '');
        cycles.add([...loop.slice(start), ...loop.slice(0, start), loop[start]].join(' → '));
      } else visit(next, [...path, next]);
    }
  };
  for (const node of graph.keys()) visit(node, [node]);
  return [...cycles].sort();
}

describe('boundaries of apps/api', () => {
  it('finds the files and imports it checks', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(imports.length).toBeGreaterThan(1000);
  });

  it('every module and provider has an entry, index.ts', () => {
    const homes = new Set(files.map(homeOf).filter((home) => home !== null));
    const withoutEntry = [...homes].filter((home) => !known.has(join(src, home, 'index.ts')));
    expect(withoutEntry).toEqual([]);
  });

  it('other homes and shared code reach a module or provider only through its entry', () => {
    const intoInternals = imports
      .filter(({ from, to }) => homeOf(to) !== null && homeOf(from) !== homeOf(to) && !isEntry(to))
      .map(({ from, to }) => `${from} → ${to}`);
    expect(intoInternals).toEqual([]);
  });

  it('no cycle between modules and providers', () => {
    expect(cyclesOf(homeGraph())).toEqual([]);
  });

  it('shared code (db, http, media, metrics, settings) imports no module or provider; what assembles them may', () => {
    // app.ts and providers/index.ts assemble, server.ts starts the process, exports.ts is the built
    // bundle's face for tests and benchmarks, cli/ holds the operator commands.
    const assembles = (file: string) =>
      ['app.ts', 'server.ts', 'exports.ts', 'providers/index.ts'].includes(file) || file.startsWith('cli/');
    const upward = imports
      .filter(({ from, to }) => homeOf(from) === null && homeOf(to) !== null)
      .filter(({ from }) => isRuntime(from) && !assembles(from))
      .map(({ from, to }) => `${from} → ${to}`);
    expect(upward).toEqual([]);
  });

  it('env.ts, the one source of settings, imports nothing from a module or provider', () => {
    expect(imports.filter(({ from, to }) => from === 'env.ts' && homeOf(to) !== null)).toEqual([]);
  });

  it('runtime code never imports test helpers, fixtures or tests; tests do', () => {
    const leaks = imports
      .filter(({ from, to }) => isRuntime(from) && !isRuntime(to))
      .map(({ from, to }) => `${from} → ${to}`);
    expect(leaks).toEqual([]);
  });

  it('the cycle check finds a cycle', () => {
    const graph = new Map([
      ['modules/a', new Set(['modules/b'])],
      ['modules/b', new Set(['modules/c'])],
      ['modules/c', new Set(['modules/a'])],
    ]);
    expect(cyclesOf(graph)).toEqual(['modules/a → modules/b → modules/c → modules/a']);
  });
});
