import type { Meta, StoryObj } from '@storybook/react-vite';
import { Footer } from './footer.js';
import { footerFixture } from './footer-fixtures.js';

const meta = {
  title: 'ui-kit/Footer',
  component: Footer,
  parameters: { layout: 'fullscreen' },
  args: footerFixture,
} satisfies Meta<typeof Footer>;
export default meta;
type Story = StoryObj<typeof meta>;

/** With a profile id. */
export const Default: Story = {};

/** Every state: without a profile id (no session yet). */
export const AllStates: Story = { args: { profileId: null } };
