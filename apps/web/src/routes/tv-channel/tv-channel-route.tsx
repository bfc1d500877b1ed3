import { useParams } from 'react-router';
import { ChannelScreen } from './channel-screen';

/**
 * `/tv/{tv_channel_id}`: the channel player page (SPEC §2). Not keyed by the id: the page re-creates
 * what is per channel itself and keeps the player slot across channel up and down (channel-screen.tsx).
 */
export function TvChannelRoute() {
  const { tv_channel_id = '' } = useParams();
  return <ChannelScreen channelId={Number(tv_channel_id)} />;
}
