import type { Meta, StoryObj } from '@storybook/react-vite';
import { unbrokenEnd } from './unbroken-end.js';

/** Shows `unbrokenEnd` in a column narrow enough to break a title. */
function NarrowTitle({ title, width }: { title: string; width: number }) {
  return <h2 style={{ width, margin: 0 }}>{unbrokenEnd(title)}</h2>;
}

const meta = {
  title: 'ui-kit/Internal/unbrokenEnd',
  component: NarrowTitle,
  args: { title: 'Что-то пошло не так :(', width: 160 },
} satisfies Meta<typeof NarrowTitle>;
export default meta;
type Story = StoryObj<typeof meta>;

/** «так :(» stays on one line however narrow the column. */
export const Narrow: Story = {};

/** A one-word title is kept whole. */
export const OneWord: Story = { args: { title: 'Ошибка', width: 40 } };
