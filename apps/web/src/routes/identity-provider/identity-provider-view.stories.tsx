import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { withApp } from '../../testing/story-decorators';
import { IdentityProviderView } from './identity-provider-view';

const meta = {
  title: 'web/IdentityProvider',
  component: IdentityProviderView,
  decorators: [withApp()],
  args: { phase: { kind: 'redirecting' }, onRetry: fn() },
} satisfies Meta<typeof IdentityProviderView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** On the way to the provider (the token-suggestion request). */
export const Redirecting: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Переходим к сервису входа');
  },
};

/** Back from the provider while the api finishes the sign-in. */
export const Finishing: Story = { args: { phase: { kind: 'finishing' } } };

/** The visitor refused at the provider: the message, «Попробовать снова» and a link home. */
export const Refused: Story = {
  args: {
    phase: {
      kind: 'refused',
      message: 'Вы отказались от входа через внешний сервис. Вы по-прежнему можете смотреть без входа',
    },
  },
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Вход не выполнен' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Попробовать снова' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** The api refused the answer (a tampered or stale state): its message. */
export const StateRefused: Story = {
  args: {
    phase: { kind: 'refused', message: 'Запрос на вход устарел или не подтверждён. Начните вход заново' },
  },
};

/** Every state side by side. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 32 }}>
      <IdentityProviderView {...args} phase={{ kind: 'finishing' }} />
      <IdentityProviderView
        {...args}
        phase={{ kind: 'refused', message: 'Сервис входа не подтвердил вход. Начните вход заново' }}
      />
    </div>
  ),
};
