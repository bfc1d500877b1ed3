import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ReactNode, useState } from 'react';
import { SearchBox } from './search-box.js';
import { storyRecommendations, storyResults } from './search-box-fixtures.js';

/** Stands in for the sticky header the panel hangs from. */
function HeaderFrame({ children }: { children: ReactNode }) {
  return (
    <div
      style={{
        position: 'relative',
        display: 'flex',
        justifyContent: 'flex-end',
        padding: '10px 24px',
        borderBottom: '1px solid var(--kadr-color-border)',
        minHeight: 44,
        marginBottom: 480,
      }}
    >
      {children}
    </div>
  );
}

const meta = {
  title: 'ui-kit/SearchBox',
  component: SearchBox,
  parameters: { layout: 'fullscreen' },
  args: {
    value: '',
    onChange: () => {},
    open: true,
    onOpen: () => {},
    onClose: () => {},
    status: 'idle',
    results: [],
    recommendations: storyRecommendations,
  },
  render: (args) => (
    <HeaderFrame>
      <SearchBox {...args} />
    </HeaderFrame>
  ),
} satisfies Meta<typeof SearchBox>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Collapsed: the search button in the header. */
export const Collapsed: Story = { args: { open: false } };

/** Just opened: recommendations while idle. */
export const Idle: Story = {};

/** Waiting for results. */
export const Loading: Story = { args: { value: 'тих', status: 'loading' } };

/** Content and channel results. */
export const Results: Story = { args: { value: 'дом', status: 'results', results: storyResults } };

/** Nothing found: the message and the recommendations. */
export const NothingFound: Story = { args: { value: 'ъъъ', status: 'empty' } };

/** The search failed. */
export const Failed: Story = { args: { value: 'дом', status: 'error' } };

/** Interactive: type 3+ letters to see results; «ъ» finds nothing; click outside to close and clear. */
export const Interactive: Story = {
  render: (args) => {
    const [open, setOpen] = useState(false);
    const [value, setValue] = useState('');
    const query = value.trim().toLowerCase();
    const found = storyResults.filter((item) => item.title.toLowerCase().includes(query));
    const status = query.length < 3 ? 'idle' : found.length > 0 ? 'results' : 'empty';
    return (
      <HeaderFrame>
        <SearchBox
          {...args}
          open={open}
          value={value}
          onChange={setValue}
          onOpen={() => setOpen(true)}
          onClose={() => {
            setOpen(false);
            setValue('');
          }}
          status={status}
          results={found}
        />
      </HeaderFrame>
    );
  },
};

/**
 * Every state of the box, one under another (the panel body alone, state by state, is
 * ui-kit/SearchResults). Boxes here are not closed by clicks outside them.
 */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 24 }}>
      {Object.entries({ Collapsed, Idle, Loading, Results, NothingFound, Failed }).map(([name, story]) => (
        <HeaderFrame key={name}>
          <SearchBox {...args} {...story.args} />
        </HeaderFrame>
      ))}
    </div>
  ),
};
