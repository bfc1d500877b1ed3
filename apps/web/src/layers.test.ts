// The layers of apps/web (README, ARCHITECTURE: Web) and the one direction their imports may point:
// app (shell) → routes → features → shared. This test reads every module's relative imports, so an
// upward import fails the test run instead of creeping back in.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = dirname(fileURLToPath(import.meta.url));

/** Layers from the bottom; a module may import its own layer and those below it. */
const LAYERS = ['shared', 'features', 'routes', 'app'] as const;
type Layer = (typeof LAYERS)[number];

/** Features that build on another feature, each for a reason (features → features only where unavoidable). */
const FEATURE_IMPORTS: Record<string, string> = {
  // The content card holds the player block and, for a channel, the week's schedule.
  'movie → player': 'the card plays its content in place (SPEC §2 content card)',
  'movie → schedule': 'a channel card shows its week schedule (SPEC §2 content card)',
  // The player's paywall and preview overlay open the pay dialog in place (lazily loaded).
  'player → payment': 'the pay dialog opens from the paywall or the player overlay (SPEC §4)',
  // A type only: the guide's programmes, for the one at the channel player's playhead.
  'player → schedule': 'the channel player names the programme at its playhead (SPEC §2 channel page)',
};

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

/** The layer of a module, by its folder; src/env.ts (configuration) counts as shared; null = outside. */
function layerOf(file: string): Layer | null {
  const path = relative(src, file);
  if (path === 'env.ts') return 'shared';
  const top = path.split('/')[0] as Layer;
  return LAYERS.includes(top) ? top : null;
}

const featureOf = (file: string) => relative(src, file).split('/')[1];

function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every relative import of every module: static, type-only, re-exports and import(). */
function imports(): { from: string; to: string }[] {
  return walk(src)
    .filter((file) => /\.tsx?$/.test(file))
    .flatMap((from) =>
      [...readFileSync(from, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].flatMap(
        (match) => {
          const to = resolveImport(from, match[1] ?? '');
          return to ? [{ from, to }] : [];
        },
      ),
    );
}

const isStory = (file: string) => file.endsWith('.stories.tsx');
const isTest = (file: string) => /\.test\.tsx?$/.test(file);
/** src/testing and the fixtures and fakes kept beside a feature for its tests and stories. */
const isTestSupport = (file: string) =>
  relative(src, file).startsWith('testing/') || /(^|\/)(fake-[^/]+|[^/]+-fixtures)\.tsx?$/.test(file);
const name = (file: string) => relative(src, file);

describe('layers of apps/web', () => {
  const all = imports();

  it('finds the modules it checks', () => {
    expect(all.length).toBeGreaterThan(100);
  });

  it('imports point down only: shared → nothing above, features → shared, routes → features, app → all', () => {
    // Stories are documentation pages that may show a screen whole; nothing imports them.
    const upward = all
      .filter(({ from }) => !isStory(from))
      .filter(({ from, to }) => {
        const a = layerOf(from);
        const b = layerOf(to);
        return a !== null && b !== null && LAYERS.indexOf(b) > LAYERS.indexOf(a);
      })
      .map(({ from, to }) => `${name(from)} → ${name(to)}`);
    expect(upward).toEqual([]);
  });

  it('features import other features only where listed, with the reason', () => {
    const across = all
      .filter(({ from, to }) => !isStory(from) && layerOf(from) === 'features' && layerOf(to) === 'features')
      .map(({ from, to }) => `${featureOf(from)} → ${featureOf(to)}`)
      .filter((pair) => pair.split(' → ')[0] !== pair.split(' → ')[1]);
    expect([...new Set(across)].sort()).toEqual(Object.keys(FEATURE_IMPORTS).sort());
  });

  it('the app never imports test support (src/testing, fixtures, fakes); tests and stories do', () => {
    const leaks = all
      .filter(({ from, to }) => isTestSupport(to) && !isTestSupport(from) && !isTest(from) && !isStory(from))
      .map(({ from, to }) => `${name(from)} → ${name(to)}`);
    expect(leaks).toEqual([]);
  });
});
