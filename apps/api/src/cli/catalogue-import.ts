import { runAsProcess } from './command';
import { runCatalogueImport } from './run-catalogue-import';

// `node dist/catalogue-import.js <manifest> [--prune]` (`pnpm --filter @kadr/api catalogue:import …`).
runAsProcess(runCatalogueImport);
