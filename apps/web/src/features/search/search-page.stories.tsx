import type { Meta, StoryObj } from '@storybook/react-vite';
import { apiError, never } from '../../testing/fake-services';
import { withApp } from '../../testing/story-decorators';
import { SearchPage } from './search-page';

const meta = {
  title: 'web/Search/SearchPage',
  component: SearchPage,
  parameters: { layout: 'fullscreen', app: { deviceKind: 'mobile', path: '/search' } },
  decorators: [withApp()],
} satisfies Meta<typeof SearchPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The preview sized as a phone (the page is the phones' search). */
const phone = { viewport: { value: 'mobile1' } };

/** The /search page on a phone: back button, «Поиск», the recommendations (no rail arrows). */
export const Mobile: Story = { globals: phone };

/** The /search page on a wide screen: the rails get arrows. */
export const Desktop: Story = {
  parameters: { app: { deviceKind: 'desktop' } },
};

/** «лед» typed: the results rail. */
export const Results: Story = {
  globals: phone,
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByRole('searchbox'), 'лед');
  },
};

/** «ъъъ» typed: «nothing found» over the recommendations. */
export const NothingFound: Story = {
  globals: phone,
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByRole('searchbox'), 'ъъъ');
  },
};

/** A search that never answers: after 100 ms the loader shows. */
export const Loading: Story = {
  globals: phone,
  parameters: { app: { handlers: { searchHint: never } } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByRole('searchbox'), 'дом');
  },
};

/** The search failed: the failure message over the recommendations. */
export const Failed: Story = {
  globals: phone,
  parameters: {
    app: {
      handlers: {
        searchHint: () => {
          throw apiError(500, 'internal');
        },
      },
    },
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByRole('searchbox'), 'дом');
  },
};

/**
 * Every state the fake API's answers give, one page under another: recommendations, results, nothing
 * found. Loading and failure need other answers (the stories above).
 */
export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 48 }}>
      <SearchPage />
      <SearchPage />
      <SearchPage />
    </div>
  ),
  play: async ({ canvas, userEvent }) => {
    for (const [index, text] of [
      [1, 'лед'],
      [2, 'ъъъ'],
    ] as const) {
      const input = (await canvas.findAllByRole('searchbox'))[index];
      if (input) await userEvent.type(input, text);
    }
  },
};
