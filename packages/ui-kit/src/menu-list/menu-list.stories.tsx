import type { Meta, StoryObj } from '@storybook/react-vite';
import { type MenuItem, MenuList } from './menu-list.js';

const common: MenuItem[] = [
  { kind: 'link', key: 'packages', label: 'Подписки', href: '#/account/packages' },
  { kind: 'link', key: 'cards', label: 'Управление картами', href: '#/account/cards' },
  { kind: 'link', key: 'receipts', label: 'Чеки', href: '#/account/receipts' },
  { kind: 'external', key: 'terms', label: 'Соглашения', href: 'https://kadr.example/terms' },
  {
    kind: 'external',
    key: 'support',
    label: 'Написать в поддержку',
    description: 'support@kadr.example',
    href: 'mailto:support@kadr.example',
  },
];

const meta = {
  title: 'ui-kit/MenuList',
  tags: ['autodocs'],
  component: MenuList,
  args: { label: 'Меню аккаунта', items: common },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof MenuList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A guest: log in first. */
export const Guest: Story = {
  args: {
    items: [
      { kind: 'action', key: 'login', label: 'Вход или регистрация', onClick: () => {}, tone: 'accent' },
      ...common,
    ],
  },
};

/** Every state: phone value, active link, partner link, danger action. */
export const AllStates: Story = {
  args: {
    items: [
      { kind: 'text', key: 'phone', label: 'Телефон', value: '+7 912 345-67-89' },
      { ...common[0]!, active: true } as MenuItem,
      { kind: 'link', key: 'partners', label: 'Сайты-партнёры', href: '#/account/partners' },
      ...common.slice(1),
      { kind: 'action', key: 'logout', label: 'Выход из учетной записи', onClick: () => {}, tone: 'danger' },
    ],
  },
};
