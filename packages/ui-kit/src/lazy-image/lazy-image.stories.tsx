import type { Meta, StoryObj } from '@storybook/react-vite';
import { art } from '../testing/story-art.js';
import { LazyImage } from './lazy-image.js';

const meta = {
  title: 'ui-kit/LazyImage',
  component: LazyImage,
  args: { src: art('poster', 'Тихий дом'), alt: 'Тихий дом', width: 285, height: 400 },
  decorators: [(Story) => <div style={{ width: 142.5 }}>{Story()}</div>],
} satisfies Meta<typeof LazyImage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A poster fading in once loaded. */
export const Poster: Story = {};

/** The first screen's hero image: eager, high priority. */
export const Priority: Story = { args: { priority: true } };

/** A logo fitted inside its box. */
export const Contain: Story = {
  args: { src: art('logo', 'Тихий дом'), width: 600, height: 200, fit: 'contain' },
};

/** No address: the quiet placeholder mark keeps the size. */
export const Missing: Story = { args: { src: null } };

/** An address that fails: the same placeholder. */
export const Broken: Story = { args: { src: '/no-such-image.png' } };

/** Every state side by side. */
export const AllStates: Story = {
  decorators: [],
  render: (args) => (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
      {[args.src, null, '/no-such-image.png'].map((src, index) => (
        <div key={String(index)} style={{ width: 142.5, borderRadius: 8, overflow: 'hidden' }}>
          <LazyImage {...args} src={src} />
        </div>
      ))}
      <div style={{ width: 240 }}>
        <LazyImage src={art('logo', 'Тихий дом')} alt="Тихий дом" width={600} height={200} fit="contain" />
      </div>
    </div>
  ),
};
