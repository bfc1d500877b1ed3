import { kadrProject } from '@kadr/vitest-preset';

export default kadrProject('web', {
  environment: 'jsdom',
  setupFiles: ['./src/test-setup.ts'],
  // build/ holds the build's own tooling (node environment, set per file).
  extra: { test: { include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'] } },
});
