import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Button } from '../button/button.js';
import { IconButton } from '../icon-button/icon-button.js';
import { IconBack } from '../icons/icons.js';
import { Modal } from './modal.js';

const meta = {
  title: 'ui-kit/Modal',
  component: Modal,
  args: { open: true, onClose: () => {}, title: 'Заголовок окна', children: 'Содержимое окна.' },
} satisfies Meta<typeof Modal>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A dialog with a title and text; centred on desktop, full screen on a phone. */
export const Default: Story = {};

/** With a back arrow and footer buttons (like the login code screen). */
export const WithBackAndFooter: Story = {
  args: {
    headerStart: (
      <IconButton label="Назад">
        <IconBack />
      </IconButton>
    ),
    footer: <Button>Продолжить</Button>,
  },
};

/** Full screen whatever the width (the app's mobile layout). */
export const FullScreen: Story = { args: { fullScreen: true } };

/** Opened from a button; Escape, the cross and the backdrop close it. */
export const Interactive: Story = {
  args: { open: false },
  render: (args) => {
    const [open, setOpen] = useState(false);
    return (
      <>
        <Button onClick={() => setOpen(true)}>Открыть окно</Button>
        <Modal {...args} open={open} onClose={() => setOpen(false)} />
      </>
    );
  },
};

/** Every state: small centred card without a close cross, as an alert dialog. */
export const AllStates: Story = {
  args: {
    role: 'alertdialog',
    size: 's',
    mobileLayout: 'centered',
    showClose: false,
    title: 'Без крестика, по центру на телефоне',
    footer: (
      <>
        <Button>Да</Button>
        <Button variant="secondary">Нет</Button>
      </>
    ),
  },
};
