import type { StorybookConfig } from '@storybook/react-vite';
import { defaultClientConditions, type PluginOption } from 'vite';
import { PRECOMPRESS_PLUGIN } from '../build/precompress';

/** The app's plugins minus the build's precompression (Storybook's output is not served by the api). */
const withoutPrecompress = (plugins: PluginOption[] = []) =>
  plugins.filter((plugin) => !(plugin && 'name' in plugin && plugin.name === PRECOMPRESS_PLUGIN));

/** One Storybook for the web app's features and every ui-kit component. */
const config: StorybookConfig = {
  stories: ['../src/**/*.stories.tsx', '../../../packages/ui-kit/src/**/*.stories.tsx'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  async viteFinal(viteConfig) {
    return {
      ...viteConfig,
      plugins: withoutPrecompress(viteConfig.plugins),
      // The app is served under /promo/web/; Storybook serves from its own root.
      base: './',
      // Workspace packages resolve to their TypeScript sources, as in the app.
      resolve: { ...viteConfig.resolve, conditions: ['@kadr/source', ...defaultClientConditions] },
    };
  },
};

export default config;
