import type { Meta, StoryObj } from '@storybook/react-vite';
import { ConfirmDialog } from './confirm-dialog.js';

const meta = {
  title: 'ui-kit/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    open: true,
    message: 'Вы действительно хотите выйти?',
    confirmLabel: 'Выйти из профиля',
    cancelLabel: 'Закрыть',
    onConfirm: () => {},
    onCancel: () => {},
  },
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The logout confirmation of the account menu. */
export const Logout: Story = {};

/** Every state: waiting for the server after confirming. */
export const AllStates: Story = { args: { confirming: true } };
