import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router';
import { MovieRoute } from '../../routes/movie/movie-route';
import { catalogueHandlers, filmContent, goods, seriesSeasons } from '../../testing/catalogue-fixtures';
import { apiError, type FakeHandler, never } from '../../testing/fake-services';
import { withApp } from '../../testing/story-decorators';
import { MovieScreen } from './movie-screen';

// The connected content card over the fake API (film 12, series 9, channel 31). The card itself, state
// by state, is web/Movie/MovieView.

/** A content id the AllStates story's API never answers for: that card stays loading. */
const LOADING_ID = 1;
const fixtureContent = catalogueHandlers().getContent!;
const getContentExceptLoading: FakeHandler = (input) =>
  (input as { params?: { id?: unknown } }).params?.id === LOADING_ID ? never(input) : fixtureContent(input);

/** Episode 2 of season 1 of the series. */
const episode = seriesSeasons[1]![1]!;

const meta = {
  title: 'web/Movie/MovieScreen',
  component: MovieScreen,
  parameters: { layout: 'fullscreen' },
  decorators: [withApp({ path: '/movie/12/' })],
  args: { ekId: 12 },
} satisfies Meta<typeof MovieScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A film, with «Похожие фильмы» from the similar call. */
export const Film: Story = {};

/** A series (pick another season to load it). */
export const Series: Story = { args: { ekId: 9 }, parameters: { app: { path: '/movie/9/' } } };

/** A series at an episode from the address: the episode line and the current card in the slider. */
export const SeriesAtEpisode: Story = {
  args: { ekId: 9, epId: episode.EP_id },
  parameters: { app: { path: `/movie/9/${episode.EP_id}/` } },
};

/** `?series=last`: a loader, then the last non-announce episode of the last season (through the route). */
export const SeriesLast: Story = {
  parameters: { app: { path: '/movie/9/?series=last' } },
  render: () => (
    <Routes>
      <Route path="/movie/:EK_id" element={<MovieRoute />} />
      <Route path="/movie/:EK_id/:EP_id" element={<MovieRoute />} />
    </Routes>
  ),
};

/** Channel-type content: the week schedule block, no trailer, no rating. */
export const Channel: Story = { args: { ekId: 31 }, parameters: { app: { path: '/movie/31/' } } };

/** A series on a phone: back button, country, collapsible description. */
export const Mobile: Story = {
  args: { ekId: 9 },
  parameters: { app: { path: '/movie/9/', deviceKind: 'mobile' } },
  globals: { viewport: { value: 'mobile1' } },
};

/** While the content loads. */
export const Loading: Story = { parameters: { app: { handlers: { getContent: never } } } };

/** Content that does not exist (code 900): «unavailable», then the error modal 1 s later. */
export const NoContent: Story = {
  name: 'Code 900 → error modal',
  args: { ekId: 404 },
  parameters: {
    app: {
      path: '/movie/404/',
      handlers: {
        getContent: () => {
          throw apiError(900, 'no_content');
        },
      },
    },
  },
};

/** Content without goods.vendor_id: treated as missing, the error modal 1 s later. */
export const NoVendor: Story = {
  name: 'vendor_id missing → error modal',
  parameters: { app: { handlers: { getContent: () => filmContent({ goods: goods({ vendor_id: null }) }) } } },
};

/**
 * Every state that fits on one page: loading, film, series at an episode, channel. The failure states
 * end in a page-wide error modal, so they have their own stories above.
 */
export const AllStates: Story = {
  parameters: { app: { handlers: { getContent: getContentExceptLoading } } },
  render: () => (
    <div style={{ display: 'grid', gap: 64 }}>
      <MovieScreen ekId={LOADING_ID} />
      <MovieScreen ekId={12} />
      <MovieScreen ekId={9} epId={episode.EP_id} />
      <MovieScreen ekId={31} />
    </div>
  ),
};
