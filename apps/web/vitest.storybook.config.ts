import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../e2e/support/chromium';

/** Debian's Chromium with the flags of every browser run here (closed network, root user, no background traffic). */
const chromium = { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] };

/** Whether this machine can run the stories; like the browser journeys, they are skipped where it cannot. */
const hasChromium = existsSync(chromium.executablePath);
if (!hasChromium) {
  console.warn(
    `storybook tests skipped: no ${chromium.executablePath} (tools/ensure-test-tools.sh installs it)`,
  );
}

// Every story as a test in Chromium: it renders, its play function passes, and axe finds no serious or
// critical violation (.storybook/a11y.ts). Kept out of the root `vitest run` (test:unit): `test:storybook`
// runs it. The JSON report feeds tools/test-totals.mjs.
export default defineConfig({
  plugins: hasChromium ? [storybookTest({ configDir: join(import.meta.dirname, '.storybook') })] : [],
  test: {
    name: 'storybook',
    ...(hasChromium
      ? {
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromium }),
            instances: [{ browser: 'chromium' }],
          },
        }
      : { include: [], passWithNoTests: true }),
    reporters: [
      'default',
      ['json', { outputFile: join(import.meta.dirname, '../../.reports/storybook.json') }],
    ],
  },
});
