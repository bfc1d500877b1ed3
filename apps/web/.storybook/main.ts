import type { StorybookConfig } from '@storybook/react-vite';
import { defaultClientConditions, type PluginOption } from 'vite';
import { PRECOMPRESS_PLUGIN } from '../build/precompress';
import { PRELOAD_ENTRY_IMPORTS_PLUGIN } from '../build/preload-entry-imports';
import { WATCH_PAGE_BUDGET_PLUGIN } from '../build/watch-page-budget';

/** Plugins of the app's own index.html and output folder: Storybook has its own page, not served by the api. */
const APP_ONLY_PLUGINS = new Set([
  PRECOMPRESS_PLUGIN,
  PRELOAD_ENTRY_IMPORTS_PLUGIN,
  WATCH_PAGE_BUDGET_PLUGIN,
]);

/** The app's plugins minus {@link APP_ONLY_PLUGINS}. */
const withoutAppOnly = (plugins: PluginOption[] = []) =>
  plugins.filter((plugin) => !(plugin && 'name' in plugin && APP_ONLY_PLUGINS.has(plugin.name)));

/** One Storybook for the web app's features and every ui-kit component. */
const config: StorybookConfig = {
  stories: ['../src/**/*.stories.tsx', '../../../packages/ui-kit/src/**/*.stories.tsx'],
  framework: { name: '@storybook/react-vite', options: {} },
  // docs: autodocs pages for the components whose meta is tagged `autodocs`; a11y: axe after every story
  // (the Accessibility panel). The stories run as tests through addon-vitest's Vitest plugin
  // (vitest.storybook.config.ts, `storybook:test`); the addon is not registered here because its Testing
  // widget only finds a config named vitest.config.ts, which is the app's jsdom unit tests (decision 012).
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  async viteFinal(viteConfig) {
    return {
      ...viteConfig,
      plugins: withoutAppOnly(viteConfig.plugins),
      // The app is served under /promo/web/; Storybook serves from its own root.
      base: './',
      // The app's no-framing headers (build/dev-security-headers.ts) would keep Storybook's own preview
      // iframe, and the story tests' frame, from loading.
      server: { ...viteConfig.server, headers: {} },
      preview: { ...viteConfig.preview, headers: {} },
      // Workspace packages resolve to their TypeScript sources, as in the app.
      resolve: { ...viteConfig.resolve, conditions: ['@kadr/source', ...defaultClientConditions] },
    };
  },
};

export default config;
