import { useParams } from 'react-router';
import { channelPageState } from '../../features/player/channel-playback';
import { ChannelGuide } from '../../features/schedule/channel-guide';
import { channelPath } from '../../shared/catalogue-types';
import { useQueryNavigate } from '../../shared/navigation/query-link';

/**
 * `/tv/{tv_channel_id}/tv_guide`: the programme guide of a channel (SPEC §2), with its archive; Enter
 * (or a press) on a programme of the archive or the one on air opens the channel page playing it.
 */
export function TvGuideRoute() {
  const { tv_channel_id = '' } = useParams();
  const navigate = useQueryNavigate();
  const channelId = Number(tv_channel_id);
  // Keyed by the channel: another channel's guide starts afresh (its week begins on the day it is opened).
  return (
    <ChannelGuide
      key={tv_channel_id}
      source={{ streamId: channelId }}
      onPlay={(programme, onAir) =>
        navigate(channelPath(channelId), {
          state: channelPageState(
            onAir ? { kind: 'live' } : { kind: 'archive', start: programme.tv_air_date_start },
          ),
        })
      }
    />
  );
}
