import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { storyChannels, storyFilms } from '../testing/story-data';
import { SearchBox } from './search-box';
import { type SearchResultItem, SearchResults } from './search-results';

const recommendations = { title: 'Смотрят сейчас', items: storyFilms.slice(0, 10) };
const results: SearchResultItem[] = [
  ...storyFilms.slice(0, 4).map((film) => ({ ...film, key: `c${film.key}`, kind: 'content' as const })),
  ...storyChannels
    .slice(0, 2)
    .map((channel) => ({ ...channel, key: `ch${channel.key}`, kind: 'channel' as const })),
];

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
    recommendations,
  },
  decorators: [
    (Story) => (
      // Stands in for the sticky header the panel hangs from.
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
        {Story()}
      </div>
    ),
  ],
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
export const Results: Story = { args: { value: 'дом', status: 'results', results } };

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
    const found = results.filter((item) => item.title.toLowerCase().includes(query));
    const status = query.length < 3 ? 'idle' : found.length > 0 ? 'results' : 'empty';
    return (
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
    );
  },
};

/** Every state of the panel body, one under another. */
export const AllStates: Story = {
  decorators: [],
  render: () => (
    <div style={{ display: 'grid', gap: 32, padding: '24px 0' }}>
      <SearchResults status="idle" results={[]} recommendations={recommendations} />
      <SearchResults status="loading" results={[]} recommendations={recommendations} />
      <SearchResults status="results" results={results} recommendations={recommendations} />
      <SearchResults status="empty" results={[]} recommendations={recommendations} />
      <SearchResults status="error" results={[]} recommendations={recommendations} />
    </div>
  ),
};
