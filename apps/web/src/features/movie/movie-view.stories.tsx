import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Content } from '../../shared/catalogue-types';
import {
  channelContent,
  filmContent,
  films,
  goods,
  seasonId,
  seriesContent,
  seriesSeasons,
} from '../../testing/catalogue-fixtures';
import { withApp } from '../../testing/story-decorators';
import { noActions, playerSnapshot } from '../player/player-fixtures';
import { PlayerView } from '../player/player-view';
import { MovieView, type MovieViewProps, MovieViewSkeleton } from './movie-view';

/** The seasons prop of a content item: its carried season selected. */
function seasonsOf(
  content: Content,
  overrides: Partial<MovieViewProps['seasons']> = {},
): MovieViewProps['seasons'] {
  const seasons = (content.seasons ?? []).map((s) => ({ id: s.season_id, number: s.season_number }));
  return {
    seasons,
    selectedId: content.lastLoadSeasonID,
    episodes: content.episodes,
    failed: false,
    select: () => {},
    retry: () => {},
    ...overrides,
  };
}

const film = filmContent();
const series = seriesContent();
const channel = channelContent();
const playerPreview = (
  <PlayerView
    title={film.EK_title}
    posterUrl={film.thumb_wide_poster_url}
    snapshot={playerSnapshot()}
    payText={film.goods.tariffs[0]?.pay_text ?? null}
    packageName={film.goods.package_name}
    actions={noActions()}
  />
);

const meta = {
  title: 'web/Movie/MovieView',
  component: MovieView,
  parameters: { layout: 'fullscreen' },
  decorators: [withApp({ path: '/movie/12/' })],
  args: {
    content: film,
    mobile: false,
    seasons: seasonsOf(film),
    similar: film.similar,
    player: null,
    onWatch: () => {},
    onTrailer: () => {},
    onBack: () => {},
  },
} satisfies Meta<typeof MovieView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A film: wide poster, title, rating 7,8, year, genre, 16+, description, Смотреть, Трейлер, similar. */
export const Film: Story = {};

/** A series at episode 2: logotype, partner label, season tabs and the episode slider. */
export const Series: Story = {
  args: {
    content: series,
    seasons: seasonsOf(series),
    currentEpisodeId: seriesSeasons[1]![1]!.EP_id,
    similar: films(10, 3),
  },
};

/** Season 3 is being loaded. */
export const SeasonLoading: Story = {
  args: { content: series, seasons: seasonsOf(series, { selectedId: seasonId(3), episodes: null }) },
};

/** Season 3 could not be loaded: a retry. */
export const SeasonFailed: Story = {
  args: {
    content: series,
    seasons: seasonsOf(series, { selectedId: seasonId(3), episodes: null, failed: true }),
  },
};

/** Channel-type content on desktop: the week schedule block (placeholder), no trailer, no rating. */
export const Channel: Story = { args: { content: channel, seasons: seasonsOf(channel), similar: [] } };

/** No rating, no age, no trailer: those pieces are simply absent. */
export const Minimal: Story = {
  args: {
    content: filmContent({
      kp_rating: 0,
      age_rating: 0,
      trailer_episode: null,
      goods: goods({ partner_label: null }),
    }),
    similar: [],
  },
};

/** Смотреть pressed: the player block under the hero (a preview with 0:14 left). */
export const WithPlayer: Story = { args: { player: playerPreview } };

/** A series on a phone: back button, country, collapsible description. */
export const SeriesMobile: Story = {
  args: { ...Series.args, mobile: true },
  globals: { viewport: { value: 'mobile1' } },
};

/** Channel-type content on a phone: the Телепрограмма link. */
export const ChannelMobile: Story = {
  args: { content: channel, seasons: seasonsOf(channel), similar: [], mobile: true },
  globals: { viewport: { value: 'mobile1' } },
};

/** «Похожие фильмы» loading: the rail's place kept at its height. */
export const SimilarLoading: Story = { args: { similar: null } };

/** The card while its content loads, in the loaded card's layout. */
export const Loading: Story = { render: () => <MovieViewSkeleton mobile={false} /> };

/** The card loading on a phone. */
export const LoadingMobile: Story = {
  render: () => <MovieViewSkeleton mobile />,
  globals: { viewport: { value: 'mobile1' } },
};

/** Every state of the card, one under another (desktop). */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 64 }}>
      <MovieView {...args} />
      <MovieView {...args} {...Series.args} />
      <MovieView {...args} {...SeasonFailed.args} />
      <MovieView {...args} {...Channel.args} />
      <MovieView {...args} {...Minimal.args} />
      <MovieView {...args} player={playerPreview} />
      <MovieView {...args} similar={null} />
      <MovieViewSkeleton mobile={false} />
    </div>
  ),
};
