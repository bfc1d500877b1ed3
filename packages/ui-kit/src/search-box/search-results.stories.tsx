import type { Meta, StoryObj } from '@storybook/react-vite';
import { storyRecommendations, storyResults } from './search-box-fixtures.js';
import { SearchResults } from './search-results.js';

// The body of a search: the desktop SearchBox's panel and the app's mobile search page.
const meta = {
  title: 'ui-kit/SearchResults',
  component: SearchResults,
  parameters: { layout: 'fullscreen' },
  args: { status: 'idle', results: [], recommendations: storyRecommendations },
  decorators: [(Story) => <div style={{ padding: '24px 0' }}>{Story()}</div>],
} satisfies Meta<typeof SearchResults>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing asked yet: the recommendations row. */
export const Idle: Story = {};

/** Recommendations not loaded yet: nothing at all. */
export const IdleWithoutRecommendations: Story = { args: { recommendations: null } };

/** Waiting for results: the loader. */
export const Loading: Story = { args: { status: 'loading' } };

/** Content and channel results, with their count. */
export const Results: Story = { args: { status: 'results', results: storyResults } };

/** Nothing found: the message, then the recommendations. */
export const NothingFound: Story = { args: { status: 'empty' } };

/** The search failed: the message, then the recommendations. */
export const Failed: Story = { args: { status: 'error' } };

/** On a phone: the rails swipe, no arrows. */
export const Mobile: Story = {
  args: { status: 'results', results: storyResults, arrows: false },
  globals: { viewport: { value: 'mobile1' } },
};

/** Every state, one under another. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 32 }}>
      <SearchResults {...args} status="idle" />
      <SearchResults {...args} status="loading" />
      <SearchResults {...args} status="results" results={storyResults} />
      <SearchResults {...args} status="empty" />
      <SearchResults {...args} status="error" />
      <SearchResults {...args} status="results" results={storyResults} arrows={false} />
    </div>
  ),
};
