import { useParams } from 'react-router';
import { MovieScreen } from '../../features/movie/movie-screen';

/** `/movie/{EK_id}` and `/movie/{EK_id}/{EP_id}`: the content card, optionally at an episode. */
export function MovieRoute() {
  const { EK_id = '', EP_id } = useParams();
  const episode = EP_id === undefined ? undefined : Number(EP_id);
  // Another content item is another page: its state starts over (and the load status resets).
  return (
    <MovieScreen
      key={EK_id}
      ekId={Number(EK_id)}
      epId={episode !== undefined && Number.isInteger(episode) ? episode : undefined}
    />
  );
}
