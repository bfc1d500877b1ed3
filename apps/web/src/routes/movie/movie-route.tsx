import { useParams } from 'react-router';
import { screenMessages } from '../messages';
import { ScreenPlaceholder } from '../screen-placeholder';

/** `/movie/{EK_id}` and `/movie/{EK_id}/{EP_id}`: the content card, optionally at an episode. */
export function MovieRoute() {
  const { EK_id = '', EP_id } = useParams();
  return (
    <ScreenPlaceholder title={EP_id ? screenMessages.episode(EK_id, EP_id) : screenMessages.movie(EK_id)} />
  );
}
