import { useParams } from 'react-router';
import { screenMessages } from '../messages';
import { ScreenPlaceholder } from '../screen-placeholder';

/** `/movie/{EK_id}/tv_guide`: the guide of a showcase (vitrina) channel. */
export function MovieGuideRoute() {
  const { EK_id = '' } = useParams();
  return <ScreenPlaceholder title={screenMessages.movieGuide(EK_id)} />;
}
