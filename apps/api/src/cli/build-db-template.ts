import { buildDbTemplate } from '../db/build-template';
import { DEFAULT_DB_TEMPLATE } from '../db/template';

// `node dist/build-db-template.js [target]`: the last step of `pnpm --filter @kadr/api build`.
const target = process.argv[2] ?? DEFAULT_DB_TEMPLATE;
const started = performance.now();
buildDbTemplate(target).then(
  () => console.log(`PGlite template ready in ${target} (${Math.round(performance.now() - started)} ms)`),
  (error: unknown) => {
    console.error('building the PGlite template failed:', error);
    process.exitCode = 1;
  },
);
