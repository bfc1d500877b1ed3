import { useParams } from 'react-router';
import { ChannelGuide } from '../../features/schedule/channel-guide';

/** `/tv/{tv_channel_id}/tv_guide`: the programme guide of a channel (SPEC §2). */
export function TvGuideRoute() {
  const { tv_channel_id = '' } = useParams();
  // Keyed by the channel: another channel's guide starts afresh (its week begins on the day it is opened).
  return <ChannelGuide key={tv_channel_id} source={{ streamId: Number(tv_channel_id) }} />;
}
