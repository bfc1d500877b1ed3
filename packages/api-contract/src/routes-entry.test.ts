import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ApiCode,
  BUILD_NUMBER,
  CHANNEL_COLLECTION_PAGE_SIZE,
  COLLECTION_PAGE_SIZE,
  DEVICE_PLATFORMS,
  HeaderName,
  LOGIN_DEVICE_TYPE,
  LOGIN_GRANT_TYPE,
  NO_RETRY_CODES,
  PLATFORM,
  routes,
  SCHEDULE_DAYS,
  SEARCH_MIN_LENGTH,
  SIMILAR_LIMIT,
  TRIAL_CHARGE_ROUBLES,
  VIEWING_PAGE_SIZE,
  VIEWING_PAGE_SIZE_MAX,
} from './index.js';
import * as entry from './routes-entry.js';

const here = dirname(fileURLToPath(import.meta.url));

/** Every specifier imported (or re-exported) by `file` and, recursively, by the relative modules it imports. */
function importGraph(file: string, seen = new Map<string, string[]>()): Map<string, string[]> {
  if (seen.has(file)) return seen;
  const specifiers = [...readFileSync(file, 'utf8').matchAll(/\b(?:from|import)\s*'([^']+)'/g)].map(
    (m) => m[1] ?? '',
  );
  seen.set(file, specifiers);
  for (const s of specifiers) {
    if (s.startsWith('.')) importGraph(resolve(dirname(file), s.replace(/\.js$/, '.ts')), seen);
  }
  return seen;
}

describe('@kadr/api-contract/routes entry', () => {
  it('imports nothing but its own plain-data modules (no zod), types included', () => {
    const bare = [...importGraph(resolve(here, 'routes-entry.ts'))].flatMap(([file, specifiers]) =>
      specifiers.filter((s) => !s.startsWith('.')).map((s) => `${file}: ${s}`),
    );
    expect(bare).toEqual([]);
  });

  it('exports the same values as the main entry under the same names', () => {
    expect({ ...entry }).toEqual({
      ApiCode,
      BUILD_NUMBER,
      CHANNEL_COLLECTION_PAGE_SIZE,
      COLLECTION_PAGE_SIZE,
      DEVICE_PLATFORMS,
      HeaderName,
      LOGIN_DEVICE_TYPE,
      LOGIN_GRANT_TYPE,
      NO_RETRY_CODES,
      PLATFORM,
      routes,
      SCHEDULE_DAYS,
      SEARCH_MIN_LENGTH,
      SIMILAR_LIMIT,
      TRIAL_CHARGE_ROUBLES,
      VIEWING_PAGE_SIZE,
      VIEWING_PAGE_SIZE_MAX,
    });
  });
});
