// Where the SQL of apps/api lives (STYLE.md: "queries hold SQL"; issue 23, item 4): a module's
// statements — drizzle's query builder, sql`` templates, db.execute, the tables of db/schema — sit in
// its queries files: `queries.ts`, `<topic>-queries.ts`, or any file under a `queries/` folder of the
// module. Services, routes and the rest call the named query functions there with the database or a
// transaction (Queryable, Tx, Db of db/client.ts); a service may open the transaction itself. This
// test reads every runtime file under modules/ and fails on an import of 'drizzle-orm' (or one of its
// subpaths) or of db/schema outside a queries file.
//
// Allowed: a type-only import (`import type { ReceiptItem } from '../../db/schema'`). A row or column
// type names data and runs nothing; billing's service.ts and fulfil.ts build receipt items with it.
// `import { type X }` is not type-only: it may grow a runtime name beside the type.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = dirname(fileURLToPath(import.meta.url));
const modules = join(src, 'modules');
const schema = join(src, 'db', 'schema');

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

/** Runtime files under modules/, as `modules/<name>/…` (tests and the test helpers beside them aside). */
const runtimeFiles = walk(modules)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
  .map((file) => relative(src, file));

/** A queries file: `queries.ts`, `<topic>-queries.ts`, or a file under a `queries/` folder. */
function isQueriesFile(file: string): boolean {
  const parts = file.split('/');
  const name = parts[parts.length - 1] ?? '';
  return name === 'queries.ts' || name.endsWith('-queries.ts') || parts.slice(0, -1).includes('queries');
}

/**
 * The SQL imports of a file's text (`file` relative to src): each runtime import, re-export or
 * import() of 'drizzle-orm', its subpaths or db/schema, by its specifier; `import type` is skipped.
 */
function sqlImportsOf(file: string, text: string): string[] {
  const isSql = (specifier: string) => {
    if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) return true;
    if (!specifier.startsWith('.')) return false;
    const target = resolve(dirname(join(src, file)), specifier).replace(/\.(ts|js)$/, '');
    return target === schema || target.startsWith(`${schema}/`);
  };
  const found: string[] = [];
  // `import …from '…'`, `export …from '…'`, `import '…'`: across lines, up to the specifier.
  for (const match of text.matchAll(
    /\b(?:import|export)\s+(type\s+)?(?:[^;'"]*?\bfrom\s*)?['"]([^'"]+)['"]/g,
  )) {
    const specifier = match[2] ?? '';
    if (!match[1] && isSql(specifier)) found.push(specifier);
  }
  for (const match of text.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const specifier = match[1] ?? '';
    if (isSql(specifier)) found.push(specifier);
  }
  return found;
}

describe('homes of SQL in apps/api', () => {
  it('finds the module files it checks, and the SQL imports of their queries files', () => {
    expect(runtimeFiles.length).toBeGreaterThan(100);
    const withSql = runtimeFiles
      .filter(isQueriesFile)
      .filter((file) => sqlImportsOf(file, readFileSync(join(src, file), 'utf8')).length > 0);
    expect(withSql.length).toBeGreaterThan(15);
  });

  it('only queries files under modules/ import drizzle-orm or db/schema (import type aside)', () => {
    const misplaced = runtimeFiles
      .filter((file) => !isQueriesFile(file))
      .flatMap((file) =>
        sqlImportsOf(file, readFileSync(join(src, file), 'utf8')).map((s) => `${file} → ${s}`),
      );
    expect(misplaced).toEqual([]);
  });

  it('tells queries files from the others', () => {
    expect(
      [
        'modules/billing/queries.ts',
        'modules/billing/payment-queries.ts',
        'modules/live/queries/guide.ts',
        'modules/billing/service.ts',
        'modules/billing/queries-helper.ts',
        'modules/catalogue/import/write.ts',
      ].map((file) => [file, isQueriesFile(file)]),
    ).toEqual([
      ['modules/billing/queries.ts', true],
      ['modules/billing/payment-queries.ts', true],
      ['modules/live/queries/guide.ts', true],
      ['modules/billing/service.ts', false],
      ['modules/billing/queries-helper.ts', false],
      ['modules/catalogue/import/write.ts', false],
    ]);
  });

  it('the check finds SQL imports in a synthetic file, and lets a type-only import pass', () => {
    const text = [
      "import { and, eq } from 'drizzle-orm';",
      "import type { SQL } from 'drizzle-orm';",
      'import {',
      '  payments,',
      '  type ReceiptItem,',
      "} from '../../db/schema';",
      "import type { PaymentRow } from '../../db/schema';",
      "import type { Db } from '../../db/client';",
      "import { AppError } from '../../errors';",
      "export { profiles } from '../../db/schema.ts';",
      "const pg = await import('drizzle-orm/pg-core');",
    ].join('\n');
    expect(sqlImportsOf('modules/billing/service.ts', text)).toEqual([
      'drizzle-orm',
      '../../db/schema',
      '../../db/schema.ts',
      'drizzle-orm/pg-core',
    ]);
  });
});
