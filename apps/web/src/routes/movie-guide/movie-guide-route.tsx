import { useParams } from 'react-router';
import { ChannelGuide } from '../../features/schedule/channel-guide';

/** `/movie/{EK_id}/tv_guide`: the programme guide of a channel-type content item (SPEC §2). */
export function MovieGuideRoute() {
  const { EK_id = '' } = useParams();
  // Keyed by the content: another channel's guide starts afresh (its week begins on the day it is opened).
  return <ChannelGuide key={EK_id} source={{ ekId: Number(EK_id) }} />;
}
