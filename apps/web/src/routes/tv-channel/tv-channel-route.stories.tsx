import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { expect, within } from 'storybook/test';
import { installFakeCheckoutWidget } from '../../features/payment/fake-checkout-widget';
import { ChannelEngineProvider } from '../../features/player/channel-engine';
import { createFakeChannelEngine } from '../../features/player/fake-channel-controller';
import { billingHandlers, packageInfo } from '../../testing/billing-fixtures';
import { apiError, never } from '../../testing/fake-services';
import { withApp } from '../../testing/story-decorators';
import { TvChannelRoute } from './tv-channel-route';

/** The route under its path, as the app mounts it, over a fake player engine and checkout widget. */
function ChannelPage() {
  useEffect(() => installFakeCheckoutWidget().remove, []);
  return (
    <ChannelEngineProvider value={async () => createFakeChannelEngine()}>
      <Routes>
        <Route path="/tv/:tv_channel_id" element={<TvChannelRoute />} />
        <Route path="/tv/:tv_channel_id/tv_guide" element={<p>Телепрограмма</p>} />
      </Routes>
    </ChannelEngineProvider>
  );
}

// The payment window is portalled to the body, outside the story's canvas.
const page = () => within(document.body);

const meta = {
  title: 'web/Channel/ChannelPage',
  component: ChannelPage,
  parameters: { layout: 'fullscreen', app: { path: '/tv/2/' } },
  decorators: [withApp()],
} satisfies Meta<typeof ChannelPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The fake api's «Кино ТВ», not bought, its programme on air and week loaded. */
export const NotBought: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Кино ТВ' })).toBeVisible();
    await canvas.findByText('Сейчас в эфире');
  },
};

/** Not bought: Watch plays the channel's preview; its buy button opens the payment window. */
export const PaymentWindow: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Смотреть' }));
    await expect(await canvas.findByRole('timer')).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: 'Оформить подписку' }));
    await expect(await page().findByRole('dialog')).toBeVisible();
  },
};

/** Bought: Watch plays it live (a fake controller); archived programmes of today play from their start. */
export const Bought: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Смотреть' }));
    await expect(await canvas.findByRole('button', { name: 'Закрыть плеер' })).toBeVisible();
  },
  parameters: {
    app: {
      path: '/tv/2/',
      handlers: billingHandlers({
        delay: 0,
        packages: [
          packageInfo(3, 'Кадр Премиум'),
          packageInfo(5, 'Кино ТВ', { goods: { status: 'confirmed', is_bought: true, store_name: 'web' } }),
        ],
      }),
    },
  },
};

/** A channel without an archive: nothing is marked «В записи». */
export const NoArchive: Story = {
  parameters: { app: { path: '/tv/4/' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Детский' })).toBeVisible();
  },
};

/** While everything loads. */
export const Loading: Story = {
  parameters: {
    app: {
      path: '/tv/2/',
      handlers: { getPackageByChannel: never, getTvSchedule: never, getCollections: never },
    },
  },
};

/** The schedule failed: its days are empty and say so (SPEC §8). */
export const ScheduleFailed: Story = {
  parameters: {
    app: {
      path: '/tv/2/',
      handlers: {
        getTvSchedule: () => {
          throw apiError(500, 'internal');
        },
      },
    },
  },
  play: async ({ canvas }) => {
    await canvas.findAllByText('Не удалось загрузить программу');
  },
};

/** An unknown channel. */
export const NotFound: Story = {
  parameters: { app: { path: '/tv/99/' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Телеканал не найден' })).toBeVisible();
  },
};
