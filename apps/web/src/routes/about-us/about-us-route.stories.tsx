import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { withApp } from '../../testing/story-decorators';
import { AboutUsRoute } from './about-us-route';

const meta = {
  title: 'web/AboutUs',
  component: AboutUsRoute,
  decorators: [withApp({ session: { profileId: 1042 } })],
} satisfies Meta<typeof AboutUsRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every claim of SPEC §1, the support address and the feedback section (desktop). */
export const AllStates: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'О нас' })).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(5);
    await expect(canvas.getByRole('link', { name: 'Написать отзыв' })).toBeVisible();
  },
};

/** A phone: the cards in one column. */
export const Mobile: Story = {
  parameters: { app: { deviceKind: 'mobile' } },
  globals: { viewport: { value: 'mobile1' } },
};

/** Before a session exists: the letters say «ID профиля: нет». */
export const NoProfile: Story = { parameters: { app: { session: { profileId: null } } } };
