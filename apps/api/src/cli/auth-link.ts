import { runAsProcess } from './command';
import { runAuthLink } from './run-auth-link';

// `node dist/auth-link.js --profile 12 …` (`pnpm --filter @kadr/api auth:link --profile 12`).
runAsProcess(runAuthLink);
