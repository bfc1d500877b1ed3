import { packageBuild } from '@kadr/tsup-config';
import { defineConfig } from 'tsup';

// CSS modules need esbuild's local-css loader (scoped class names in the JS map). tsup's CSS plugin loads
// every `.css` file with the loader given for '.css' (a '.module.css' entry is ignored), so all CSS is
// local-css here: fine, because the only non-module stylesheet (tokens.css) holds `:root` alone, which
// local-css leaves global. Everything ends up in dist/index.css, exported as `@kadr/ui-kit/styles.css`.
export default defineConfig(
  packageBuild({
    // build-entry.ts = tokens.css + index.ts, so index.d.ts (from tsc) imports no CSS.
    entry: { index: 'src/build-entry.ts' },
    loader: { '.css': 'local-css' },
  }),
);
