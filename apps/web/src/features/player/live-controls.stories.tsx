import type { Meta, StoryObj } from '@storybook/react-vite';
import { liveSnapshot } from './fake-channel-controller';
import { LiveControls } from './live-controls';
import { playerSnapshot } from './player-fixtures';

const edge = Date.parse('2026-11-26T12:30:00Z');
const actions = {
  pause: () => console.info('[story] pause'),
  resume: () => console.info('[story] resume'),
  setMuted: (muted: boolean) => console.info('[story] muted', muted),
  seekTo: (seconds: number) => console.info('[story] seekTo', seconds),
  goLive: () => console.info('[story] В эфир'),
};

const meta = {
  title: 'web/Player/LiveControls',
  component: LiveControls,
  parameters: { layout: 'padded' },
  args: {
    snapshot: {
      ...playerSnapshot({ isBought: true, controlsEnabled: true, previewRemaining: null, currentTime: 1800 }),
      live: liveSnapshot({}, edge),
    },
    programmeTitle: 'Дневные новости',
    timeZone: 'Europe/Moscow',
    actions,
  },
} satisfies Meta<typeof LiveControls>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A buyer at the live edge: the DVR scrubber at its end, «Прямой эфир», the programme on air. */
export const AtTheLiveEdge: Story = {};

/** Rewound 20 minutes: the programme of that moment and «В эфир». */
export const Rewound: Story = {
  args: {
    snapshot: {
      ...playerSnapshot({ isBought: true, controlsEnabled: true, previewRemaining: null, currentTime: 600 }),
      live: liveSnapshot({ atLiveEdge: false, canGoLive: true, playheadDate: edge - 1_200_000 }, edge),
    },
    programmeTitle: 'Утренние новости',
  },
};

/** A non-buyer's preview: play/pause and sound, no scrubber. */
export const Preview: Story = {
  args: { snapshot: { ...playerSnapshot({ currentTime: 1800 }), live: liveSnapshot({}, edge) } },
};

/** An archived programme: the scrubber over the programme, «В эфир» back to the broadcast. */
export const Archive: Story = {
  args: {
    snapshot: {
      ...playerSnapshot({ isBought: true, controlsEnabled: true, previewRemaining: null, currentTime: 300 }),
      live: liveSnapshot({ kind: 'archive', windowEnd: 3600, atLiveEdge: false, canGoLive: true }, edge),
    },
    programmeTitle: 'Кино до обеда',
  },
};
