import { art } from '@kadr/ui-kit/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { goods } from '../../testing/catalogue-fixtures';
import { withApp } from '../../testing/story-decorators';
import type { ChannelPlayback } from './channel-playback';
import { ChannelPlayerSlot, type ChannelPlayerSlotProps } from './channel-player-slot';
import { createFakeEngine } from './fake-controller';
import { PlayerEngineProvider } from './player-engine';

const bought = goods({ package_id: 5, package_name: 'Кино ТВ', is_bought: true, is_preview: false });

/** The slot as the channel page drives it: Watch plays, closing goes back to the first-play image. */
function Slot({
  startWith = null,
  ...props
}: Partial<ChannelPlayerSlotProps> & { startWith?: ChannelPlayback | null }) {
  const [playback, setPlayback] = useState<ChannelPlayback | null>(startWith);
  return (
    <div style={{ maxWidth: 960 }}>
      <ChannelPlayerSlot
        channelId={2}
        goods={bought}
        playback={playback}
        posterUrl={art('wide', 'Кино ТВ: Дневные новости')}
        title="Кино ТВ: Дневные новости"
        onWatch={() => setPlayback({ kind: 'live' })}
        onBuy={(goal) => console.info('[story] buy', goal)}
        onClose={() => setPlayback(null)}
        {...props}
      />
    </div>
  );
}

const meta = {
  title: 'web/Player/ChannelPlayerSlot',
  component: Slot,
  parameters: { layout: 'padded' },
  decorators: [
    withApp({ path: '/tv/2/' }),
    (Story) => (
      <PlayerEngineProvider value={async () => createFakeEngine()}>
        <Story />
      </PlayerEngineProvider>
    ),
  ],
} satisfies Meta<typeof Slot>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The first-play image (the programme on air's announcement image) with Watch, until Watch is pressed. */
export const FirstPlayImage: Story = {};

/** Playing live (a fake controller stands in for the engine). */
export const Live: Story = { args: { startWith: { kind: 'live' } } };

/** A programme of the archive playing from its start. */
export const Archive: Story = {
  args: { startWith: { kind: 'archive', start: '2026-11-24T05:00:00.000Z' } },
};

/** Something to play, and the channel's package still loading (after channel up or down). */
export const WaitingForThePackage: Story = { args: { startWith: { kind: 'live' }, goods: undefined } };

/** A channel without an announcement image: the first-play image is the channel's logo. */
export const LogoAsFirstPlayImage: Story = { args: { posterUrl: art('channel', 'Кино ТВ') } };
