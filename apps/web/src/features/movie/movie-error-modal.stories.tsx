import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { withApp } from '../../testing/story-decorators';
import { MovieErrorModal } from './movie-error-modal';

// The content card's error modal on its own (SPEC §8: shown 1 s after the card fails to load); the
// card's failing states are web/Movie/MovieScreen.

const meta = {
  title: 'web/Movie/MovieErrorModal',
  component: MovieErrorModal,
  decorators: [withApp({ path: '/movie/404/' })],
  args: { open: true, onClose: fn() },
} satisfies Meta<typeof MovieErrorModal>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Open: the SPEC's texts and the link home. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    await expect(await page.findByRole('link', { name: 'Главная страница' })).toBeInTheDocument();
  },
};
