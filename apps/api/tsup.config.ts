import { readFile } from 'node:fs/promises';
import { dirname, relative, sep } from 'node:path';
import { defineConfig, type Options } from 'tsup';

// dist/server.js runs the service (src/launch.ts, then src/server.ts); dist/app.js exposes buildApp and what benchmarks drive (src/exports.ts);
// dist/catalogue-import.js is the catalogue import CLI (`pnpm --filter @kadr/api catalogue:import`);
// dist/epg-import.js the XMLTV guide import CLI (`epg:import`);
// dist/package-access.js the package grant/revoke support command (`package:grant`, `package:revoke`);
// dist/embed-switch.js the embed light service's switches (`embed:switch`, docs/decisions/033-embed-configs.md);
// dist/auth-link.js the one-time sign-in link command (`auth:link`, docs/decisions/038-sign-in-by-link.md);
// dist/partners.js the partner-site accounts commands (`partners:set|list|remove`, docs/decisions/042-partner-accounts.md);
// dist/build-db-template.js makes dist/db-template, the PGlite data directory a first start copies,
// and dist/db-template-seeded, the same with the demo catalogue imported (`build` runs it after tsup;
// src/db/template.ts, src/db/seeded-template.ts). tsup's clean deletes both with the old code.
//
// Everything is bundled: workspace packages from source (the `@kadr/source` condition) and npm
// dependencies too. Loading ~600 files from node_modules cost about a second of every start (ESM
// resolution looks up a package.json per file); a few chunks load in a fraction of that
// (docs/decisions/004-start-up.md). Left external, resolved from node_modules at run time:
// - PGlite: it loads its .wasm and .data files next to its own module;
// - @ffmpeg-installer/ffmpeg: it finds its binary next to its own module;
// - fs-native-extensions: it loads its prebuilt native addon next to its own module (db/embedded-lock.ts);
// - pg-native: pg's optional native driver, not installed.
// A dependency that reads files next to its own module at run time must be added here. (The bundled
// ones mention __dirname only on paths the service never takes — pino transports, swagger's
// fallback read of its package.json — or to trim stack traces, as ioredis does.)
const EXTERNAL = [/^@electric-sql\/pglite/, '@ffmpeg-installer/ffmpeg', 'fs-native-extensions', 'pg-native'];
/** Every other import (tsup checks `noExternal` before `external`). */
const BUNDLED = /^(?!@electric-sql\/pglite|@ffmpeg-installer\/ffmpeg$|fs-native-extensions$|pg-native$)/;

/**
 * @fastify/swagger-ui reads its logo and serves its `static` folder by paths relative to its own
 * files (`__dirname`), which bundled would point into dist/. In its files `__dirname` becomes the
 * file's folder in the installed package, found at run time; so the rest of it is bundled. Left
 * external, it loaded its own copies of @fastify/static and yaml (the bundle holds the same
 * versions) from node_modules, 116 CommonJS files: ~0.1 s of every start with API_DOCS
 * (docs/decisions/028-first-start-template.md).
 */
const swaggerUiFolders: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'swagger-ui-folders',
  setup(build) {
    build.onLoad({ filter: /[\\/]@fastify[\\/]swagger-ui[\\/].*\.js$/ }, async ({ path }) => {
      const root = path.slice(
        0,
        path.search(/[\\/]@fastify[\\/]swagger-ui[\\/]/) + '/@fastify/swagger-ui'.length,
      );
      const folder = relative(root, dirname(path)).split(sep).join('/') || '.';
      const installed = `require('node:path').join(require('node:path').dirname(require.resolve('@fastify/swagger-ui/package.json')), ${JSON.stringify(folder)})`;
      const source = await readFile(path, 'utf8');
      return { contents: source.replaceAll('__dirname', `(${installed})`), loader: 'js' };
    });
  },
};

export default defineConfig({
  entry: {
    server: 'src/launch.ts',
    app: 'src/exports.ts',
    'catalogue-import': 'src/cli/catalogue-import.ts',
    'epg-import': 'src/cli/epg-import.ts',
    'media-package': 'src/cli/media-package.ts',
    'package-access': 'src/cli/package-access.ts',
    'embed-switch': 'src/cli/embed-switch.ts',
    'auth-link': 'src/cli/auth-link.ts',
    partners: 'src/cli/partners.ts',
    'build-db-template': 'src/cli/build-db-template.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node24',
  splitting: true,
  sourcemap: true,
  clean: true,
  dts: false,
  external: EXTERNAL,
  noExternal: [BUNDLED],
  esbuildPlugins: [swaggerUiFolders],
  // CommonJS dependencies bundled into ESM call require() for Node's built-ins and read __dirname:
  // give them both (an ES module has neither).
  banner: {
    js: [
      "import { createRequire as __kadrCreateRequire } from 'node:module';",
      "import { fileURLToPath as __kadrFileURLToPath } from 'node:url';",
      'const require = __kadrCreateRequire(import.meta.url);',
      'const __filename = __kadrFileURLToPath(import.meta.url);',
      'const __dirname = __kadrFileURLToPath(new URL(".", import.meta.url));',
    ].join(' '),
  },
  esbuildOptions(options) {
    // esbuild adds `import`/`require` per import kind itself; forcing `import` here would hand
    // require() callers (pg → pg-pool) an ES module namespace instead of the CommonJS export.
    options.conditions = ['@kadr/source'];
  },
});
