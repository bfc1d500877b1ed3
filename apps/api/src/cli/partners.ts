import { runAsProcess } from './command';
import { runPartners } from './run-partners';

// `node dist/partners.js set|list|remove --profile 12 …` (`pnpm --filter @kadr/api partners:set …`,
// `partners:list`, `partners:remove`; docs/decisions/042-partner-accounts.md).
runAsProcess(runPartners);
