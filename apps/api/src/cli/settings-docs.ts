// `node src/cli/settings-docs.ts` (`pnpm --filter @kadr/api settings:docs`): writes docs/settings.md from
// the list of settings (src/settings.ts). Run with plain Node from source; it is not part of the build.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SETTINGS_DOC, settingsMarkdown } from '../settings-docs.ts';

const file = fileURLToPath(new URL(`../../../../${SETTINGS_DOC}`, import.meta.url));
writeFileSync(file, settingsMarkdown());
console.log(`wrote ${SETTINGS_DOC}`);
