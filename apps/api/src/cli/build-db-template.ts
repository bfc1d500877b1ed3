import { existsSync } from 'node:fs';
import { DEFAULT_SEEDED_TEMPLATE } from '../db/seeded-template';
import { DEFAULT_DB_TEMPLATE } from '../db/template';
import { demoCatalogue } from '../paths';
import { buildDbTemplate, buildSeededTemplate } from './db-templates';

// `node dist/build-db-template.js`: the last step of `pnpm --filter @kadr/api build`. Makes the plain
// template (every migration), then from it the one seeded with the demo catalogue, the default
// CATALOGUE_SEED (docs/decisions/028-first-start-template.md).
async function main(): Promise<void> {
  let started = performance.now();
  await buildDbTemplate(DEFAULT_DB_TEMPLATE);
  console.log(
    `PGlite template ready in ${DEFAULT_DB_TEMPLATE} (${Math.round(performance.now() - started)} ms)`,
  );
  if (!existsSync(demoCatalogue)) {
    console.log(`no demo catalogue at ${demoCatalogue}: no seeded template`);
    return;
  }
  started = performance.now();
  await buildSeededTemplate(DEFAULT_SEEDED_TEMPLATE, {
    template: DEFAULT_DB_TEMPLATE,
    manifest: demoCatalogue,
  });
  console.log(
    `PGlite template with the demo catalogue ready in ${DEFAULT_SEEDED_TEMPLATE} (${Math.round(performance.now() - started)} ms)`,
  );
}

main().catch((error: unknown) => {
  console.error('building the PGlite templates failed:', error);
  process.exitCode = 1;
});
