import type { Meta, StoryObj } from '@storybook/react-vite';
import type { CSSProperties } from 'react';
import { art } from '../testing/story-art.js';
import { Sticker } from './sticker.js';

const meta = {
  title: 'ui-kit/Sticker',
  tags: ['autodocs'],
  component: Sticker,
  args: { src: art('sticker', 'Новинка') },
  decorators: [
    (Story) => (
      <div
        style={{ position: 'relative', width: 142.5, height: 200, background: '#26262f', borderRadius: 8 }}
      >
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Sticker>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Over a poster-sized box, 8 px from its corner. */
export const Default: Story = {};

/** A box can move it with --kadr-sticker-inset (banners use 12 px). */
export const WiderInset: Story = {
  decorators: [
    (Story) => (
      <div style={{ '--kadr-sticker-inset': '12px' } as CSSProperties}>
        <Story />
      </div>
    ),
  ],
};

/** Every state side by side: different sticker texts. */
export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 16 }}>
      {['Новинка', 'Эксклюзив', 'Премьера', '4K'].map((text) => (
        <div
          key={text}
          style={{ position: 'relative', width: 142.5, height: 200, background: '#26262f', borderRadius: 8 }}
        >
          <Sticker src={art('sticker', text)} />
        </div>
      ))}
    </div>
  ),
};
