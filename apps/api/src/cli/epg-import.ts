import { runAsProcess } from './command';
import { runEpgImport } from './run-epg-import';

// `node dist/epg-import.js <guide.xml> [--prune]` (`pnpm --filter @kadr/api epg:import …`).
runAsProcess(runEpgImport);
