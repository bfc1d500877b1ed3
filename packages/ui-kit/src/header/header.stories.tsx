import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../button/button.js';
import { IconButton } from '../icon-button/icon-button.js';
import { IconSearch } from '../icons/icons.js';
import { Header } from './header.js';

const items = [
  { key: 'catalogue', label: 'Каталог', href: '#/' },
  { key: 'tv', label: 'ТВ', href: '#/tv' },
  { key: 'packages', label: 'Подписки', href: '#/account/packages' },
];

const meta = {
  title: 'ui-kit/Header',
  component: Header,
  parameters: { layout: 'fullscreen' },
  args: {
    homeHref: '#/',
    items,
    activeKey: 'catalogue',
    menuItem: { key: 'menu', label: 'Меню', href: '#/account' },
    searchSlot: (
      <IconButton label="Поиск">
        <IconSearch />
      </IconButton>
    ),
    actions: <Button size="s">Войти</Button>,
  },
} satisfies Meta<typeof Header>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Desktop header of a guest. */
export const Desktop: Story = {};

/** Mobile logo header. */
export const Mobile: Story = { args: { variant: 'mobile' } };

/** Every state: signed in (no Войти), another active link, with the registration prompt strip. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 32 }}>
      <Header {...args} />
      <Header {...args} actions={undefined} activeKey="tv" />
      <Header
        {...args}
        banner={
          <p style={{ margin: 0, padding: '8px 24px', textAlign: 'center' }}>
            Зарегистрируйтесь, чтобы не потерять доступ к подписке
          </p>
        }
      />
      <Header {...args} variant="mobile" />
    </div>
  ),
};
