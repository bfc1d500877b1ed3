import type { Meta, StoryObj } from '@storybook/react-vite';
import { filmContent, goods } from '../../testing/catalogue-fixtures';
import { withApp } from '../../testing/story-decorators';
import { createFakeEngine } from './fake-controller';
import { PlayerBlock } from './player-block';
import { PlayerEngineProvider } from './player-engine';

const meta = {
  title: 'web/Player/PlayerBlock',
  component: PlayerBlock,
  parameters: { layout: 'padded' },
  decorators: [withApp({ path: '/movie/12/' })],
  args: {
    content: filmContent({ goods: goods({ is_bought: false, is_preview: true }) }),
    kind: 'movie',
    onClose: () => {},
  },
} satisfies Meta<typeof PlayerBlock>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A non-buyer's film over a fake controller: the preview with its countdown. */
export const Preview: Story = {
  decorators: [
    (Story) => (
      <PlayerEngineProvider value={async () => createFakeEngine()}>
        <Story />
      </PlayerEngineProvider>
    ),
  ],
};

/** A buyer's film: full controls, no countdown. */
export const Bought: Story = {
  args: { content: filmContent({ goods: goods({ is_bought: true, is_preview: false }) }) },
  decorators: [
    (Story) => (
      <PlayerEngineProvider
        value={async () => createFakeEngine({ controlsEnabled: true, previewRemaining: null })}
      >
        <Story />
      </PlayerEngineProvider>
    ),
  ],
};

/** The player's code never arrives: poster and the loading image stay. */
export const LoadingCode: Story = {
  decorators: [
    (Story) => (
      <PlayerEngineProvider value={() => new Promise(() => {})}>
        <Story />
      </PlayerEngineProvider>
    ),
  ],
};
