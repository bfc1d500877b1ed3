import { runCatalogueImport } from './run-catalogue-import';

// `node dist/catalogue-import.js <manifest> [--prune]` (`pnpm --filter @kadr/api catalogue:import …`).
runCatalogueImport(process.argv.slice(2), {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
