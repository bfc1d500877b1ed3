import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { fireEvent } from 'storybook/test';
import { apiError, never } from '../../testing/fake-services';
import { withApp } from '../../testing/story-decorators';
import { HeaderSearch } from './header-search';

/** Stands in for the sticky header the desktop panel hangs from. */
function HeaderFrame({ children }: { children: ReactNode }) {
  return (
    <div
      style={{
        position: 'sticky',
        top: 0,
        display: 'flex',
        justifyContent: 'flex-end',
        padding: '10px 24px',
        minHeight: 44,
        borderBottom: '1px solid var(--kadr-color-border)',
        marginBottom: 520,
      }}
    >
      {children}
    </div>
  );
}

const meta = {
  title: 'web/Search/HeaderSearch',
  component: HeaderSearch,
  parameters: { layout: 'fullscreen' },
  decorators: [withApp()],
  args: { defaultOpen: true },
  render: (args) => (
    <HeaderFrame>
      <HeaderSearch {...args} />
    </HeaderFrame>
  ),
} satisfies Meta<typeof HeaderSearch>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Collapsed: the search button (try «пер» for content and a channel, «ъъъ» for nothing). */
export const Collapsed: Story = { args: { defaultOpen: false } };

/** Just opened: the recommendations of the search tab («Смотрят сейчас»). */
export const Open: Story = {};

/** «пер» typed: content and channel results. */
export const Results: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByRole('searchbox'), 'пер');
  },
};

/** «ъъъ» typed: «nothing found» over the recommendations. */
export const NothingFound: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByRole('searchbox'), 'ъъъ');
  },
};

/** A search that never answers: after 100 ms the loader shows. */
export const Loading: Story = {
  parameters: { app: { handlers: { searchHint: never } } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByRole('searchbox'), 'дом');
  },
};

/** The search failed: the failure message over the recommendations. */
export const Failed: Story = {
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
 * Every state the fake API's answers give: collapsed, recommendations, results, nothing found. Loading
 * and failure need other answers (the stories above). The text is set without a click, which would
 * close the other boxes.
 */
export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 24 }}>
      <HeaderFrame>
        <HeaderSearch />
      </HeaderFrame>
      {[0, 1, 2].map((index) => (
        <HeaderFrame key={index}>
          <HeaderSearch defaultOpen />
        </HeaderFrame>
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    for (const [index, text] of [
      [1, 'пер'],
      [2, 'ъъъ'],
    ] as const) {
      const input = (await canvas.findAllByRole('searchbox'))[index];
      if (input) fireEvent.change(input, { target: { value: text } });
    }
  },
};
