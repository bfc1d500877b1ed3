import { useParams } from 'react-router';
import { screenMessages } from '../messages';
import { ScreenPlaceholder } from '../screen-placeholder';

/** `/tv/{tv_channel_id}/tv_guide`: the programme guide of a channel. */
export function TvGuideRoute() {
  const { tv_channel_id = '' } = useParams();
  return <ScreenPlaceholder title={screenMessages.channelGuide(tv_channel_id)} />;
}
