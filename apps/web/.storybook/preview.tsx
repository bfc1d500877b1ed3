import type { Preview } from '@storybook/react-vite';
import '@kadr/ui-kit/tokens.css';
import '../src/app/global.css';
import { a11yParameters } from './a11y';

const preview: Preview = {
  parameters: {
    layout: 'padded',
    backgrounds: { disable: true },
    controls: { matchers: { color: /(background|color)$/i } },
    a11y: a11yParameters,
  },
};

export default preview;
