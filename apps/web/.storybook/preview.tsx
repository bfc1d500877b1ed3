import type { Preview } from '@storybook/react-vite';
import '@kadr/ui-kit/tokens.css';
import '../src/app/global.css';

const preview: Preview = {
  parameters: {
    layout: 'padded',
    backgrounds: { disable: true },
    controls: { matchers: { color: /(background|color)$/i } },
  },
};

export default preview;
