import { useParams } from 'react-router';
import { screenMessages } from '../messages';
import { ScreenPlaceholder } from '../screen-placeholder';

/** `/tv/{tv_channel_id}`: the channel player page, re-created when the channel id changes (SPEC §2). */
export function TvChannelRoute() {
  const { tv_channel_id = '' } = useParams();
  return <ScreenPlaceholder key={tv_channel_id} title={screenMessages.channel(tv_channel_id)} />;
}
