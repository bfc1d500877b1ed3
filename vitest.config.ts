import { defineConfig } from 'vitest/config';

// One run over every package and app; each project keeps its own environment. The JSON report feeds
// the one-line total that `npm test` and CI print (tools/test-totals.mjs).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
    reporters: ['default', ['json', { outputFile: '.reports/unit.json' }]],
  },
});
