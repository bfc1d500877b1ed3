import { defineConfig } from 'vitest/config';

// Browser journeys against the built service: one file at a time (one Chromium, 2 cores), long timeouts.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
    reporters: ['default', ['json', { outputFile: '../.reports/e2e.json' }]],
  },
});
