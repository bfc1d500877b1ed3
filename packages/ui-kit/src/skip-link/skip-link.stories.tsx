import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SkipLink } from './skip-link.js';

const TARGET = 'story-content';

const meta = {
  title: 'ui-kit/SkipLink',
  component: SkipLink,
  args: { targetId: TARGET },
  // A page around the link: a header with a link, then the main content it jumps to.
  decorators: [
    (Story) => (
      <>
        <Story />
        <nav aria-label="Пример навигации">
          <a href="#/tv">ТВ</a>
        </nav>
        <main id={TARGET} tabIndex={-1}>
          <p>Содержимое страницы</p>
          <button type="button">Смотреть</button>
        </main>
      </>
    ),
  ],
} satisfies Meta<typeof SkipLink>;
export default meta;
type Story = StoryObj<typeof meta>;

const name = 'Перейти к содержимому';

/** At rest: out of sight, but the first stop of the Tab key (press Tab to see it). */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name }).getBoundingClientRect().width).toBeLessThanOrEqual(1);
  },
};

/** Focused by the first Tab: shown over the top-left corner. */
export const Focused: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    const link = canvas.getByRole('link', { name });
    await expect(link).toHaveFocus();
    await expect(link.getBoundingClientRect().width).toBeGreaterThan(100);
  },
};

/** Followed with Enter: the focus is on the main content; the next Tab stays inside it. */
export const Followed: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('main')).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Смотреть' })).toHaveFocus();
  },
};

/** Every state: at rest (default text), and focused with another text. */
export const AllStates: Story = {
  render: (args) => (
    <>
      <SkipLink {...args} />
      <SkipLink {...args} label="К фильмам" />
    </>
  ),
  play: async ({ canvas }) => {
    canvas.getByRole('link', { name: 'К фильмам' }).focus();
    await expect(canvas.getByRole('link', { name: 'К фильмам' })).toHaveFocus();
  },
};
