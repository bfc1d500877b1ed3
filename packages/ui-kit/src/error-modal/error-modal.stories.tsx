import type { Meta, StoryObj } from '@storybook/react-vite';
import { ErrorModal } from './error-modal.js';

const meta = {
  title: 'ui-kit/ErrorModal',
  component: ErrorModal,
  parameters: { layout: 'fullscreen' },
  args: { open: true, homeHref: '#/', onClose: () => {} },
} satisfies Meta<typeof ErrorModal>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Shown 1 s after content fails to load. */
export const Default: Story = {};

/** On a phone: a centred card. */
export const Mobile: Story = { globals: { viewport: { value: 'mobile1' } } };

/** Every state (the only one: open). */
export const AllStates: Story = {};
