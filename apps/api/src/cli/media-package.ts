import { runAsProcess } from './command';
import { runMediaPackage } from './run-media-package';

// `node dist/media-package.js <file> --asset ek-12` (`pnpm --filter @kadr/api media:package …`).
runAsProcess(runMediaPackage);
