import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from './button.js';

const meta = {
  title: 'ui-kit/Button',
  tags: ['autodocs'],
  component: Button,
  args: { children: 'Продолжить' },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The main call to action (e.g. Продолжить in the login modal). */
export const Primary: Story = {};

/** A quieter action (e.g. Закрыть in a confirm dialog). */
export const Secondary: Story = { args: { variant: 'secondary', children: 'Закрыть' } };

/** A text-looking action (e.g. resend the code). */
export const Link: Story = { args: { variant: 'link', children: 'Отправить код повторно' } };

/** Waiting for the server. */
export const Loading: Story = { args: { loading: true } };

/** Every variant in every state. */
export const AllStates: Story = {
  render: () => (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(4, max-content)',
        gap: 16,
        alignItems: 'center',
      }}
    >
      {(['primary', 'secondary', 'link'] as const).map((variant) => (
        <div key={variant} style={{ display: 'contents' }}>
          <Button variant={variant}>Продолжить</Button>
          <Button variant={variant} size="s">
            Войти
          </Button>
          <Button variant={variant} disabled>
            Недоступно
          </Button>
          <Button variant={variant} loading>
            Загрузка
          </Button>
        </div>
      ))}
    </div>
  ),
};
