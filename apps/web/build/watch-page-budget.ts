import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * The watch page's JavaScript budget: 350 KB gzip (issue 4; docs/decisions/031-player-live.md). The
 * build fails over it, so a change that makes room elsewhere is needed, not a higher number.
 */
export const WATCH_PAGE_BUDGET_BYTES = 350 * 1024;

/** The modules that make the watch page, besides the entry: the film's route and the player it loads. */
export const WATCH_PAGE_MODULES = [
  '/src/routes/movie/movie-route.tsx',
  '/src/features/player/videojs-engine.ts',
];

/** The site's entry (its page, index.html); the frame player's page (embed.html) has its own. */
export const APP_ENTRY_MODULE = '/index.html';

/** The part of a Rollup output chunk the budget reads. */
export interface BudgetChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
}

/** The watch page's scripts and their size. */
export interface WatchPageSize {
  files: string[];
  /** Each file gzipped at level 9 (as bench/first-frame.ts and docs/benchmarks.md count), summed. */
  gzip: number;
}

/**
 * The watch page's scripts: the entry, the film's route and the player engine, each with the chunks
 * it imports statically (transitively) — what a viewer downloads from opening a film to its first
 * frame. `read` gives a file's content as written (a chunk's code in the bundle is not final yet: the
 * source map's comment and the preload lists come later, about 2 KB gzip).
 */
export function watchPageSize(
  bundle: Record<string, BudgetChunk | { type: 'asset' }>,
  read: (fileName: string) => Buffer | string,
): WatchPageSize {
  const chunks = Object.values(bundle).filter((item): item is BudgetChunk => item.type === 'chunk');
  // The site's entry, not the frame player's (embed.html): the watch page is the site's.
  const entries = chunks.filter((chunk) => chunk.isEntry);
  const roots = [
    entries.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(APP_ENTRY_MODULE)) ??
      (entries.length === 1 ? entries[0] : undefined),
    ...WATCH_PAGE_MODULES.map((module) =>
      chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(module)),
    ),
  ];
  const missing = roots.findIndex((chunk) => chunk === undefined);
  if (missing >= 0)
    throw new Error(`the build has no chunk for ${['the entry', ...WATCH_PAGE_MODULES][missing]}`);
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || files.has(fileName)) return;
    files.add(fileName);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const root of roots) visit((root as BudgetChunk).fileName);
  let gzip = 0;
  for (const file of files) gzip += gzipSync(read(file), { level: 9 }).length;
  return { files: [...files], gzip };
}

/** Plugin name, so a config that reuses the app's plugins (Storybook) can leave it out. */
export const WATCH_PAGE_BUDGET_PLUGIN = 'kadr:watch-page-budget';

/** Vite plugin: fails a production build whose watch page is over {@link WATCH_PAGE_BUDGET_BYTES}. */
export function watchPageBudget(budget = WATCH_PAGE_BUDGET_BYTES): Plugin {
  return {
    name: WATCH_PAGE_BUDGET_PLUGIN,
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? '';
      const { files, gzip } = watchPageSize(bundle as never, (file) => readFileSync(join(dir, file)));
      const summary = `watch page JavaScript: ${gzip.toLocaleString('en')} B gzip in ${files.length} files, budget ${budget.toLocaleString('en')} B`;
      if (gzip > budget) this.error(`${summary} — ${(gzip - budget).toLocaleString('en')} B over`);
      this.info(summary);
    },
  };
}
