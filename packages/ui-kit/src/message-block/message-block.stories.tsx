import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../button/button.js';
import { unbrokenEnd } from '../unbroken-end/unbroken-end.js';
import { MessageBlock } from './message-block.js';

// MessageBlock is internal (Placeholder and ErrorScreen are built on it); its story shows the shared layout.
const meta = {
  title: 'ui-kit/Internal/MessageBlock',
  component: MessageBlock,
  args: {
    glyph: <path d="M26 24v16l13-8z" fill="currentColor" />,
    title: 'Не удалось загрузить подборки',
    text: 'Проверьте подключение к интернету и попробуйте ещё раз.',
  },
} satisfies Meta<typeof MessageBlock>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The plain block. */
export const Default: Story = {};

/** Dashed, with actions: a screen that is not built yet. */
export const DashedWithActions: Story = {
  args: { dashed: true, actions: <Button variant="secondary">На главную</Button> },
};

/** On a 360 px phone: a gap on both sides, and the title's «:(» kept with the word before it. */
export const Phone360: Story = {
  args: { title: unbrokenEnd('Что-то пошло не так :('), text: 'Не удалось показать эту страницу.' },
  decorators: [(Story) => <div style={{ width: 360 }}>{Story()}</div>],
};
