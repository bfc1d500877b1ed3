import type { HtmlTagDescriptor, Plugin } from 'vite';

/** The part of a Rollup output chunk this plugin reads (Vite adds `viteMetadata`). */
export interface ChunkLike {
  type: 'chunk';
  fileName: string;
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** What index.html should fetch early for the entry's dynamic imports. */
export interface EntryImportFiles {
  /** Chunks, each after the chunks it imports. */
  scripts: string[];
  /** The CSS Vite split out of those chunks. */
  styles: string[];
}

/**
 * Files the entry chunk's dynamic imports need: each imported chunk with its static imports
 * (transitively) and their CSS. Chunks the entry imports statically are left out: index.html loads
 * them already.
 */
export function entryImportFiles(
  bundle: Record<string, ChunkLike | { type: 'asset' }>,
  entry: ChunkLike,
): EntryImportFiles {
  const known = new Set([entry.fileName, ...entry.imports]);
  const scripts: string[] = [];
  const styles = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || known.has(fileName)) return;
    known.add(fileName);
    for (const imported of chunk.imports) visit(imported);
    scripts.push(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
  };
  for (const dynamic of entry.dynamicImports) visit(dynamic);
  return { scripts, styles: [...styles] };
}

/** Plugin name, so a config that reuses the app's plugins (Storybook) can leave it out. */
export const PRELOAD_ENTRY_IMPORTS_PLUGIN = 'kadr:preload-entry-imports';

/**
 * Links in index.html what the entry script imports dynamically. main.tsx loads the app with
 * `import()` so that its module graph is evaluated in a task of its own after React DOM's (shorter
 * tasks at start-up: docs/benchmarks.md, web); Vite would fetch that graph only when the import runs,
 * a round trip later. Linked here, the scripts download beside the entry (`modulepreload`) and the CSS
 * too (`preload`: Vite's import helper applies it before the app renders, so it never blocks the
 * start-up loader's first paint).
 */
export function preloadEntryImports(): Plugin {
  let base = '/';
  return {
    name: PRELOAD_ENTRY_IMPORTS_PLUGIN,
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }): HtmlTagDescriptor[] {
        if (!bundle || !chunk) return [];
        const { scripts, styles } = entryImportFiles(bundle as never, chunk as unknown as ChunkLike);
        const link = (attrs: Record<string, string | boolean>): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { ...attrs, crossorigin: true },
          injectTo: 'head',
        });
        return [
          ...styles.map((file) => link({ rel: 'preload', as: 'style', href: `${base}${file}` })),
          ...scripts.map((file) => link({ rel: 'modulepreload', href: `${base}${file}` })),
        ];
      },
    },
  };
}
