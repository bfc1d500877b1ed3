import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { expect, within } from 'storybook/test';
import { installFakeCheckoutWidget } from '../../features/payment/fake-checkout-widget';
import { billingHandlers, END, packageInfo, trialOffer } from '../../testing/billing-fixtures';
import { never } from '../../testing/fake-services';
import { withApp } from '../../testing/story-decorators';
import { AccountPackageRoute } from './account-package-route';

/** The route under its path, as the app mounts it. */
function Detail() {
  useEffect(() => installFakeCheckoutWidget().remove, []);
  return (
    <Routes>
      <Route path="/account/packages/:package_id" element={<AccountPackageRoute />} />
    </Routes>
  );
}

const at = (id: number, extra: object = {}) => ({
  app: { path: `/account/packages/${id}`, handlers: billingHandlers({ delay: 0 }), ...extra },
});
// Dialogs are portalled to the body, outside the story's canvas.
const page = () => within(document.body);
/** The open dialog named `name` (the main button and the dialogs' may share a name). */
const dialogNamed = (name: string) => within(page().getByRole('dialog', { name }));

const meta = {
  title: 'web/Account/PackageDetail',
  component: Detail,
  decorators: [withApp()],
  parameters: at(3),
} satisfies Meta<typeof Detail>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Not bought: the main button buys. */
export const NotPurchased: Story = {};

/** Confirmed: «Подключена», paid until and the next charge; the button cancels; pay_info under it. */
export const Confirmed: Story = { parameters: at(2) };

/** In its trial: the days left and the first charge; the button turns the trial off. */
export const InTrial: Story = { parameters: at(5) };

/** Cancelled: «Отменена», valid until, renewal off; the button restores. */
export const Cancelled: Story = { parameters: at(7) };

/** Suspended: «Ожидает оплаты» and the failed renewal charge. */
export const Suspended: Story = { parameters: at(8) };

/** A mobile store's subscription: renewed in the store; the button opens its management. */
export const StoreSubscription: Story = { parameters: at(9) };

/** A trial offered: the 1 ₽ card check said before paying. */
export const TrialOffered: Story = {
  parameters: {
    app: {
      path: '/account/packages/12',
      handlers: billingHandlers({ delay: 0, packages: [trialOffer()] }),
    },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('button', { name: 'Попробовать 7 дней бесплатно' }),
    ).toHaveAccessibleDescription(/спишем с неё 1,00₽/);
  },
};

/** A hidden package bought from its title: its status, like any other. */
export const HiddenHeld: Story = {
  parameters: {
    app: {
      path: '/account/packages/20',
      handlers: billingHandlers({
        delay: 0,
        hidden: [20],
        packages: [
          packageInfo(20, 'Документальное', {
            goods: {
              status: 'confirmed',
              is_bought: true,
              store_name: 'web',
              ended_at: END,
              actions: ['cancel_package'],
            },
          }),
        ],
      }),
    },
  },
};

/** Held through a bought parent: the button is disabled, with the reason. */
export const ActiveParent: Story = { parameters: at(4) };

/** Granted by hand: the button is disabled. */
export const Hand: Story = { parameters: at(10) };

/** A phone: the name in a header with a back button. */
export const Mobile: Story = { parameters: at(3, { deviceKind: 'mobile' }) };

/** While it loads. */
export const Loading: Story = {
  parameters: { app: { path: '/account/packages/3', handlers: { getPackageInfoById: never } } },
};

/** An unknown package. */
export const NotFound: Story = { parameters: at(404) };

/** Page one «Управление подпиской». */
export const PageOne: Story = {
  parameters: at(2),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Отменить подписку' }));
    await expect(page().getByRole('dialog', { name: 'Управление подпиской' })).toBeVisible();
  },
};

/** The reasons page with a reason chosen: the cancel button has appeared. */
export const Reasons: Story = {
  parameters: at(2),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Отменить подписку' }));
    await userEvent.click(
      dialogNamed('Управление подпиской').getByRole('button', { name: 'Отменить подписку' }),
    );
    await userEvent.click(page().getByRole('radio', { name: 'Технические проблемы' }));
    await expect(
      dialogNamed('Дайте нам всё исправить!').getByRole('button', { name: 'Отменить подписку' }),
    ).toBeVisible();
  },
};

/** The trial warning. */
export const TrialWarning: Story = {
  parameters: at(5),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Отключить бесплатный период' }));
    await expect(
      page().getByRole('dialog', { name: 'Подписка перестанет действовать сразу после отмены' }),
    ).toBeVisible();
  },
};

/** The trial confirm. */
export const TrialConfirm: Story = {
  parameters: at(5),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Отключить бесплатный период' }));
    await userEvent.click(page().getByRole('button', { name: 'Продолжить' }));
    await userEvent.click(page().getByRole('radio', { name: 'Не устраивает цена' }));
    await userEvent.click(page().getByRole('button', { name: 'Продолжить' }));
    await expect(
      page().getByRole('dialog', { name: 'Подтвердите отключение бесплатного периода' }),
    ).toBeVisible();
  },
};

/** First hours after a payment: only the payment check. */
export const FirstHours: Story = {
  parameters: at(6),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Отменить подписку' }));
    await expect(page().getByRole('alertdialog', { name: 'Проверка платежа' })).toBeVisible();
  },
};

/** The cancel succeeded. */
export const SuccessCancel: Story = {
  parameters: at(2),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Отменить подписку' }));
    await userEvent.click(
      dialogNamed('Управление подпиской').getByRole('button', { name: 'Отменить подписку' }),
    );
    await userEvent.click(page().getByRole('radio', { name: 'Редко пользуюсь сервисом' }));
    await userEvent.click(
      dialogNamed('Дайте нам всё исправить!').getByRole('button', { name: 'Отменить подписку' }),
    );
    await expect(await page().findByRole('alertdialog', { name: 'Подписка успешно отменена' })).toBeVisible();
  },
};

/** A cancelled package restored. */
export const SuccessRestore: Story = {
  parameters: at(7),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Возобновить подписку' }));
    await expect(await page().findByRole('alertdialog', { name: 'Подписка возобновлена' })).toBeVisible();
  },
};

/** The pay dialog over the detail (a stand-in widget). */
export const Pay: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Подключить за 299 ₽ в месяц' }));
    await expect(await page().findByRole('dialog', { name: 'Кадр Премиум' })).toBeVisible();
  },
};
