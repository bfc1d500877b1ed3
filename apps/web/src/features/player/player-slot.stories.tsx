import type { Meta, StoryObj } from '@storybook/react-vite';
import { filmContent, goods } from '../../testing/catalogue-fixtures';
import { withApp } from '../../testing/story-decorators';
import { createFakeEngine } from './fake-controller';
import { PlayerEngineProvider } from './player-engine';
import { PlayerSlot, RegistrationPromptBlock } from './player-slot';
import { usePlayLogic } from './use-play-logic';

/** The slot as the card drives it, opened on mount with Смотреть, over a fake controller. */
function Opened({ bought }: { bought: boolean }) {
  const content = filmContent({ goods: goods({ is_bought: bought, is_preview: !bought }) });
  const play = usePlayLogic(content);
  if (play.stage.kind === 'closed') {
    return (
      <button type="button" onClick={play.watch}>
        Смотреть
      </button>
    );
  }
  return <PlayerSlot play={play} content={content} />;
}

const meta = {
  title: 'web/Player/PlayerSlot',
  component: Opened,
  parameters: { layout: 'padded' },
  decorators: [
    withApp({ path: '/movie/12/' }),
    (Story) => (
      <PlayerEngineProvider value={async () => createFakeEngine()}>
        <Story />
      </PlayerEngineProvider>
    ),
  ],
  args: { bought: false },
} satisfies Meta<typeof Opened>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A non-buyer presses Смотреть: the preview starts. */
export const NonBuyer: Story = {};

/** A guest who bought presses Смотреть: the registration prompt comes first (SPEC §4). */
export const GuestWhoBought: Story = { args: { bought: true } };

/** The registration prompt on its own. */
export const RegistrationPrompt: Story = {
  render: () => <RegistrationPromptBlock onRegister={() => {}} onSkip={() => {}} onClose={() => {}} />,
};

/** Both, one under another. */
export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 32 }}>
      <Opened bought={false} />
      <RegistrationPromptBlock onRegister={() => {}} onSkip={() => {}} onClose={() => {}} />
    </div>
  ),
};
