import type { Meta, StoryObj } from '@storybook/react-vite';
import { IconBack, IconClose, IconSearch } from '../icons/icons.js';
import { IconButton } from './icon-button.js';

const meta = {
  title: 'ui-kit/IconButton',
  tags: ['autodocs'],
  component: IconButton,
  args: { label: 'Закрыть', children: <IconClose /> },
} satisfies Meta<typeof IconButton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The close cross of a dialog. */
export const Close: Story = {};

/** The back arrow of the login code screen. */
export const Back: Story = { args: { label: 'Назад', children: <IconBack /> } };

/** Every state. */
export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 16 }}>
      <IconButton label="Назад">
        <IconBack />
      </IconButton>
      <IconButton label="Поиск" variant="filled">
        <IconSearch />
      </IconButton>
      <IconButton label="Закрыть" disabled>
        <IconClose />
      </IconButton>
    </div>
  ),
};
