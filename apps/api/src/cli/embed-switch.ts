import { runAsProcess } from './command';
import { runEmbedSwitch } from './run-embed-switch';

// `node dist/embed-switch.js lock|unlock|reserve <url>|clear [--content film-42]` (`pnpm --filter @kadr/api embed:switch …`).
runAsProcess(runEmbedSwitch);
