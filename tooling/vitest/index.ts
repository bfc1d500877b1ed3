import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineProject, type ViteUserConfig } from 'vitest/config';

/** The export condition that points workspace packages at their TypeScript sources. */
export const SOURCE_CONDITION = '@kadr/source';

/**
 * A Vitest project for one package: workspace imports resolve to source, so tests run without a build.
 * `environment` is `node` for server-side packages and `jsdom` for React ones.
 */
export function kadrProject(
  name: string,
  options: { environment?: 'node' | 'jsdom'; setupFiles?: string[]; extra?: ViteUserConfig } = {},
) {
  return defineProject({
    ...options.extra,
    resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
    ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
    test: {
      name,
      environment: options.environment ?? 'node',
      setupFiles: options.setupFiles,
      include: ['src/**/*.test.{ts,tsx}'],
      ...options.extra?.test,
    },
  });
}
