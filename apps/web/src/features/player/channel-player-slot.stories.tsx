import { art } from '@kadr/ui-kit/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { goods } from '../../testing/catalogue-fixtures';
import { withApp } from '../../testing/story-decorators';
import { ChannelEngineProvider } from './channel-engine';
import type { ChannelPlayback } from './channel-playback';
import { ChannelPlayerSlot, type ChannelPlayerSlotProps } from './channel-player-slot';
import { createFakeChannelEngine, liveSnapshot } from './fake-channel-controller';

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
    (Story, { parameters }) => (
      <ChannelEngineProvider value={async () => createFakeChannelEngine(parameters.snapshot)}>
        <Story />
      </ChannelEngineProvider>
    ),
  ],
} satisfies Meta<typeof Slot>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The first-play image (the programme on air's announcement image) with Watch, until Watch is pressed. */
export const FirstPlayImage: Story = {};

/** Playing live at the edge (a fake controller stands in for the engine): the live bar, no «В эфир». */
export const Live: Story = { args: { startWith: { kind: 'live' } } };

/** Rewound in the DVR window: «В эфир» offered. */
export const Rewound: Story = {
  args: { startWith: { kind: 'live' } },
  parameters: {
    snapshot: {
      currentTime: 600,
      live: liveSnapshot({
        atLiveEdge: false,
        canGoLive: true,
        playheadDate: Date.parse('2026-11-26T12:10:00Z'),
      }),
    },
  },
};

/** A non-buyer's live preview: the countdown, no scrubber. */
export const Preview: Story = {
  args: { startWith: { kind: 'live' }, goods: { ...bought, is_bought: false } },
};

/** The preview cut by the server: the final block, whose button opens the payment window. */
export const PreviewEnded: Story = {
  args: { startWith: { kind: 'live' }, goods: { ...bought, is_bought: false } },
  parameters: { snapshot: { paywall: 'final', previewExpired: true, previewRemaining: 0, phase: 'paused' } },
};

/** A programme of the archive playing from its start. */
export const Archive: Story = {
  args: { startWith: { kind: 'archive', start: '2026-11-24T05:00:00.000Z' } },
};

/** Something to play, and the channel's package still loading (after channel up or down). */
export const WaitingForThePackage: Story = { args: { startWith: { kind: 'live' }, goods: undefined } };

/** A channel without an announcement image: the first-play image is the channel's logo. */
export const LogoAsFirstPlayImage: Story = { args: { posterUrl: art('channel', 'Кино ТВ') } };
