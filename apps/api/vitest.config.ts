import { kadrProject } from '@kadr/vitest-preset';

// API suites share one machine's PostgreSQL and Redis: files run one at a time to keep them apart.
export default kadrProject('api', {
  extra: { test: { fileParallelism: false, testTimeout: 20_000, hookTimeout: 30_000 } },
});
