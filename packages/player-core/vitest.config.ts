import { kadrProject } from '@kadr/vitest-preset';

// test/ holds the ClearKey fixture (its CENC encryptor is unit-tested here; the browser run is in e2e/).
export default kadrProject('player-core', {
  extra: { test: { include: ['src/**/*.test.ts', 'test/**/*.test.ts'] } },
});
