import { art } from '@kadr/ui-kit/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { buyerSnapshot, expiredSnapshot, noActions, playerSnapshot } from './player-fixtures';
import { PlayerView } from './player-view';

const meta = {
  title: 'web/Player/PlayerView',
  component: PlayerView,
  parameters: { layout: 'padded' },
  args: {
    title: 'Тихий дом',
    posterUrl: art('wide', 'Тихий дом'),
    snapshot: playerSnapshot(),
    payText: 'Подключить за 399 ₽ в месяц',
    packageName: 'Кадр Премиум',
    actions: noActions(),
  },
} satisfies Meta<typeof PlayerView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The player's code is loading: poster and the loading image. */
export const Loading: Story = { args: { snapshot: null } };

/** A non-buyer's preview: countdown «Бесплатный просмотр: 0:14» and the buy button. */
export const Preview: Story = {};

/** The preview is over: the final block with the tariff's pay_text. */
export const FinalBlock: Story = { args: { snapshot: expiredSnapshot() } };

/** The install paywall (the video is paused under it). */
export const InstallPaywall: Story = {
  args: { snapshot: playerSnapshot({ paywall: 'install', phase: 'paused' }) },
};

/** A load or start error: the loader is gone and the play image is back (SPEC §8). */
export const StartError: Story = {
  args: { snapshot: playerSnapshot({ phase: 'error', error: { code: 'MEDIA_NETWORK', message: 'x' } }) },
};

/** A buyer: seek ±10 s, episode buttons, quality, speed and picture-in-picture. */
export const Buyer: Story = { args: { snapshot: buyerSnapshot() } };

/** Every face, one under another. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 32 }}>
      <PlayerView {...args} snapshot={null} />
      <PlayerView {...args} />
      <PlayerView {...args} snapshot={expiredSnapshot()} />
      <PlayerView {...args} snapshot={playerSnapshot({ paywall: 'install', phase: 'paused' })} />
      <PlayerView
        {...args}
        snapshot={playerSnapshot({ phase: 'error', error: { code: 'UNKNOWN', message: 'x' } })}
      />
      <PlayerView {...args} snapshot={buyerSnapshot()} />
    </div>
  ),
};
