import { useParams } from 'react-router';
import { ChannelGuide } from '../../features/schedule/channel-guide';

/** `/movie/{EK_id}/tv_guide`: the programme guide of a channel-type content item (SPEC §2). */
export function MovieGuideRoute() {
  const { EK_id = '' } = useParams();
  return <ChannelGuide source={{ ekId: Number(EK_id) }} />;
}
