import type { Meta, StoryObj } from '@storybook/react-vite';
import { storyEpisodes } from '../testing/story-data.js';
import { EpisodeCard, EpisodeSlider } from './episode-card.js';

const episode = storyEpisodes[0]!;

const meta = {
  title: 'ui-kit/EpisodeCard',
  component: EpisodeCard,
  args: { href: episode.href, title: episode.title, orderNumber: 1, imageUrl: episode.imageUrl },
} satisfies Meta<typeof EpisodeCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An episode: still, «N серия», title. */
export const Default: Story = {};

/** The episode open now. */
export const Current: Story = { args: { current: true } };

/** Announced: «Скоро», not a link. */
export const Announce: Story = { args: { announce: true, title: 'Финал', orderNumber: 8 } };

/** A season in a slider with arrows; the second episode is open. */
export const Slider: Story = {
  parameters: { layout: 'fullscreen' },
  render: () => <EpisodeSlider episodes={storyEpisodes} currentKey="101" title="Сезон 1" />,
};

/** Every state. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 16 }}>
      <EpisodeCard {...args} />
      <EpisodeCard {...args} current />
      <EpisodeCard {...args} announce title="Финал" orderNumber={8} />
      <EpisodeCard {...args} imageUrl={null} title="Без кадра" orderNumber={2} />
    </div>
  ),
};
