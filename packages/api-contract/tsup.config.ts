import { packageBuild } from '@kadr/tsup-config';
import { defineConfig } from 'tsup';

// Two entries: `routes-entry` is the zod-free `@kadr/api-contract/routes` (shared code goes to a chunk).
export default defineConfig(packageBuild({ entry: ['src/index.ts', 'src/routes-entry.ts'] }));
