import { kadrProject } from '@kadr/vitest-preset';

export default kadrProject('web', {
  environment: 'jsdom',
  setupFiles: ['./src/test-setup.ts'],
  // build/ holds the build's own tooling (node environment, set per file).
  // A test waits up to 6 s for a screen (src/test-setup.ts), more than once: 20 s leaves room for that.
  extra: { test: { include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'], testTimeout: 20_000 } },
});
