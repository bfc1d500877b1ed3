import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';
import { SETTINGS, type SettingName } from './settings';
import { SETTINGS_DOC, settingsMarkdown } from './settings-docs';

const src = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const names = Object.keys(SETTINGS) as SettingName[];

/** A valid value of each setting production requires (settings.test.ts checks the list is complete). */
const PRODUCTION_SAMPLES: Partial<Record<SettingName, string>> = {
  TOKEN_SECRET: 'x'.repeat(32),
  PARTNER_ACCOUNTS_KEY: Buffer.alloc(32, 1).toString('base64'),
  SMS_GATEWAY_URL: 'https://sms.example/send',
  SMS_GATEWAY_TOKEN: 'tok',
  YOOKASSA_SHOP_ID: '100500',
  YOOKASSA_SECRET_KEY: 'live_secret',
};

/** Files under src/ that are not tests (src/test/ holds the suites' helpers). */
function sourceFiles(folder = src): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return relative(src, path) === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The environment variables a file reads by name, and whether it touches process.env at all. */
function envReads(path: string): { readsProcessEnv: boolean; names: string[] } {
  // Comments may mention process.env; only code counts.
  const code = readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const found = new Set<string>();
  const patterns = [
    // process.env.X, (io.env ?? process.env).X, source.X, overrides?.X
    /(?:process\.env|\bsource|\boverrides|\bio\.env)\)?\??\.([A-Z][A-Z0-9_]*)\b/g,
    // process.env['X']
    /process\.env\[\s*['"`]([A-Z][A-Z0-9_]*)['"`]\s*\]/g,
  ];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) found.add(match[1]!);
  // const { X, Y: y } = process.env
  for (const match of code.matchAll(/\{([^}]*)\}\s*=\s*process\.env\b/g))
    for (const part of match[1]!.split(',')) found.add(part.split(':')[0]!.trim());
  found.delete('');
  return { readsProcessEnv: /process\.env\b/.test(code), names: [...found].sort() };
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function setup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'kadr-settings-'));
  dirs.push(dataDir);
  const production = (samples: Partial<Record<string, string>>) =>
    loadEnv({ NODE_ENV: 'production', DATA_DIR: dataDir, ...samples }, {});
  return { production };
}

describe('settings', () => {
  it(`keeps ${SETTINGS_DOC} as the list generates it (pnpm --filter @kadr/api settings:docs)`, () => {
    const written = readFileSync(join(repoRoot, SETTINGS_DOC), 'utf8');
    expect(written, `${SETTINGS_DOC} is stale: run pnpm --filter @kadr/api settings:docs`).toBe(
      settingsMarkdown(),
    );
  });

  it('reads process.env only in env.ts (and app.ts its NODE_ENV test mode)', () => {
    const readers = Object.fromEntries(
      sourceFiles()
        .map((path) => [relative(src, path).split(sep).join('/'), envReads(path)] as const)
        .filter(([file, reads]) => file !== 'env.ts' && reads.readsProcessEnv)
        .map(([file, reads]) => [file, reads.names]),
    );
    expect(readers).toEqual({ 'app.ts': ['NODE_ENV'] });
  });

  it('describes every environment variable the source reads', () => {
    const read = new Set(sourceFiles().flatMap((path) => envReads(path).names));
    expect(read.size).toBeGreaterThan(0);
    expect([...read].filter((name) => !(name in SETTINGS))).toEqual([]);
  });

  it('marks exactly the settings production refuses to start without', () => {
    const { production } = setup();
    const required = names.filter((name) => SETTINGS[name].production);
    expect(Object.keys(PRODUCTION_SAMPLES).sort()).toEqual([...required].sort());
    expect(() => production(PRODUCTION_SAMPLES)).not.toThrow();
    for (const name of required) {
      const { [name]: _left, ...rest } = PRODUCTION_SAMPLES;
      expect(() => production(rest), name).toThrow(EnvError);
      expect(() => production(rest), name).toThrow(name);
    }
  });

  it('documents a single-value default as the value an unset variable gets', () => {
    const literal = names.flatMap((name) => {
      const value = /^`([^`]*)`$/.exec(SETTINGS[name].default)?.[1];
      return value === undefined ? [] : [[name, value] as const];
    });
    expect(literal.length).toBeGreaterThan(30);
    for (const [name, value] of literal) {
      const { schema } = SETTINGS[name];
      expect(schema.parse(undefined), name).toEqual(schema.parse(value));
    }
  });
});
