import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { OfflinePrompt } from './offline-prompt';
import { noActions, playerSnapshot } from './player-fixtures';
import { PlayerView } from './player-view';

const meta = {
  title: 'web/Player/OfflinePrompt',
  component: OfflinePrompt,
  parameters: { layout: 'padded' },
  globals: { viewport: { value: 'mobile1' } },
  args: { onContinue: fn() },
} satisfies Meta<typeof OfflinePrompt>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The prompt: text, the app's universal link, four stores and «Продолжить просмотр»; Escape continues. */
export const Default: Story = {
  // As wide as a phone's player.
  decorators: [
    (Story) => (
      <div style={{ width: 360 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Открыть приложение' })).toHaveFocus();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(4);
    await userEvent.keyboard('{Escape}');
    await expect(args.onContinue).toHaveBeenCalledTimes(1);
  },
};

/** In the phone player: «Скачать» in the control bar, and the prompt under the paused video. */
export const InPlayer: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 32, width: 360 }}>
      <PlayerView
        title="Тихий дом"
        posterUrl={null}
        snapshot={playerSnapshot()}
        payText={null}
        packageName="Кадр Премиум"
        onDownload={() => {}}
        actions={noActions()}
      />
      <PlayerView
        title="Тихий дом"
        posterUrl={null}
        snapshot={playerSnapshot({ paywall: 'install', phase: 'paused' })}
        payText={null}
        packageName="Кадр Премиум"
        onDownload={() => {}}
        actions={noActions()}
      />
    </div>
  ),
};
