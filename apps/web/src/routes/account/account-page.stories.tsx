import { Skeleton } from '@kadr/ui-kit';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { withApp } from '../../testing/story-decorators';
import { AccountList, AccountPage, AccountPageEmpty, AccountPageFailed } from './account-page';

const rows = ['Карта •••• 4242', 'Карта •••• 1881'];
const row = { padding: '12px 16px', border: '1px solid var(--kadr-color-border)', borderRadius: 8 };

const meta = {
  title: 'web/Account/AccountPage',
  component: AccountPage,
  decorators: [withApp()],
  args: {
    title: 'Способы оплаты',
    narrow: true,
    children: (
      <AccountList label="Карты">
        {rows.map((text) => (
          <li key={text} style={row}>
            {text}
          </li>
        ))}
      </AccountList>
    ),
  },
} satisfies Meta<typeof AccountPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A section's list of rows under its heading (cards, receipts). */
export const List: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Способы оплаты' })).toBeVisible();
    await expect(canvas.getByRole('list', { name: 'Карты' })).toBeVisible();
  },
};

/** A phone: the back button before the heading. */
export const Mobile: Story = { parameters: { app: { deviceKind: 'mobile' } } };

/** Nothing to list yet. */
export const Empty: Story = {
  args: { children: <AccountPageEmpty>Нет сохранённых карт.</AccountPageEmpty> },
};

/** The data failed to load: the text and «Повторить». */
export const Failed: Story = {
  args: {
    children: (
      <AccountPageFailed
        text="Не удалось загрузить карты. Проверьте подключение к интернету и попробуйте ещё раз."
        retry="Повторить"
        onRetry={fn()}
      />
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Повторить' })).toBeVisible();
  },
};

/** Loading: busy, the rows' boxes hidden from assistive technology. */
export const Loading: Story = {
  args: {
    busy: true,
    children: (
      <AccountList hidden>
        {[0, 1].map((i) => (
          <li key={i} style={row}>
            <Skeleton width="12em" />
          </li>
        ))}
      </AccountList>
    ),
  },
};

/** Every state, one under another: the list, empty, failed, and a spacious page of the panel's width. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 32 }}>
      <AccountPage {...args} />
      <AccountPage {...args} title="Чеки">
        <AccountPageEmpty>Здесь будут чеки об оплате.</AccountPageEmpty>
      </AccountPage>
      <AccountPage {...args} title="Подписки">
        <AccountPageFailed text="Не удалось загрузить подписки." retry="Повторить" onRetry={() => {}} />
      </AccountPage>
      <AccountPage title="Подписки" narrow={false} spacious>
        <AccountPageEmpty>Нет доступных подписок.</AccountPageEmpty>
      </AccountPage>
    </div>
  ),
};
