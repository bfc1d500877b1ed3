import type { StorybookConfig } from '@storybook/react-vite';
import { defaultClientConditions } from 'vite';

/** One Storybook for the web app's features and every ui-kit component. */
const config: StorybookConfig = {
  stories: ['../src/**/*.stories.tsx', '../../../packages/ui-kit/src/**/*.stories.tsx'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  async viteFinal(viteConfig) {
    return {
      ...viteConfig,
      // The app is served under /promo/web/; Storybook serves from its own root.
      base: './',
      // Workspace packages resolve to their TypeScript sources, as in the app.
      resolve: { ...viteConfig.resolve, conditions: ['@kadr/source', ...defaultClientConditions] },
    };
  },
};

export default config;
