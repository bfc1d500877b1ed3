import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ErrorScreen } from './error-screen.js';

const meta = {
  title: 'ui-kit/ErrorScreen',
  component: ErrorScreen,
  args: { homeHref: '#/', onReload: () => {} },
} satisfies Meta<typeof ErrorScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A screen failed to render: reload or go home. */
export const Default: Story = {};

/** The screen's code could not be loaded (e.g. after a release), with the app's own text. */
export const ChunkFailed: Story = {
  args: {
    labels: {
      text: 'Не удалось загрузить страницу. Проверьте подключение к интернету и обновите страницу.',
    },
  },
};

/** On a phone. */
export const Mobile: Story = { globals: { viewport: { value: 'mobile1' } } };

/**
 * On a 360 px phone, edge to edge: the screen keeps a gap on both sides, and «так :(» stays on one
 * line however the title wraps.
 */
export const Phone360: Story = {
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div style={{ width: 360 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    const region = canvas.getByRole('region');
    const frame = region.parentElement?.getBoundingClientRect();
    const box = region.getBoundingClientRect();
    await expect(box.left - (frame?.left ?? 0)).toBeGreaterThanOrEqual(16);
    await expect((frame?.right ?? 0) - box.right).toBeGreaterThanOrEqual(16);
    await expect(canvas.getByText('так :(').getClientRects()).toHaveLength(1);
  },
};

/** Every state: default texts and every text overridden. */
export const AllStates: Story = {
  render: (args) => (
    <>
      <ErrorScreen {...args} />
      <ErrorScreen
        {...args}
        labels={{
          title: 'Страница не загрузилась',
          text: 'Проверьте подключение к интернету.',
          home: 'Главная страница',
          reload: 'Попробовать снова',
        }}
      />
    </>
  ),
};
