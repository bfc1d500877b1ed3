import type { Meta, StoryObj } from '@storybook/react-vite';
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
