import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  IconBack,
  IconCatalogue,
  IconChevronLeft,
  IconChevronRight,
  IconClose,
  IconFilm,
  IconMenu,
  IconMuted,
  IconPause,
  IconPlay,
  IconSearch,
  IconSound,
  IconSubscriptions,
  IconTv,
  IconUser,
} from './icons.js';

const meta = { title: 'ui-kit/Icons' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const all = {
  IconCatalogue,
  IconTv,
  IconSubscriptions,
  IconMenu,
  IconSearch,
  IconBack,
  IconClose,
  IconChevronLeft,
  IconChevronRight,
  IconPlay,
  IconPause,
  IconSound,
  IconMuted,
  IconFilm,
  IconUser,
};

/** Every icon of the kit, with its name. */
export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }}>
      {Object.entries(all).map(([name, Icon]) => (
        <figure key={name} style={{ margin: 0, textAlign: 'center', fontSize: 12 }}>
          <Icon size={32} />
          <figcaption>{name}</figcaption>
        </figure>
      ))}
    </div>
  ),
};
