import { runAsProcess } from './command';
import { runPackageAccess } from './run-package-access';

// `node dist/package-access.js grant|revoke …` (`pnpm --filter @kadr/api package:grant …`).
runAsProcess(runPackageAccess);
