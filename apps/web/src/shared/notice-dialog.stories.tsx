import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { NoticeDialog } from './notice-dialog';

const meta = {
  title: 'web/Shared/NoticeDialog',
  component: NoticeDialog,
  args: { text: 'Платежное средство удалено.', onClose: fn() },
} satisfies Meta<typeof NoticeDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A card deleted: the text names the dialog, ОК closes it. */
export const Default: Story = {};

/** A sign-in link refused at startup. */
export const SignInLinkRefused: Story = {
  args: { text: 'Ссылка для входа недействительна или устарела' },
};
