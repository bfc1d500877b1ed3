import { Button, IconPlay, LazyImage } from '@kadr/ui-kit';
// The player's own still-screen look (its poster, its centred actions, its Watch button), as the channel
// page's first-play image has it.
import playerStyles from '../../features/player/player.module.css';
import styles from './embed.module.css';
import { embedMessages as m } from './messages';

/** Props of {@link EmbedStill}. */
export interface EmbedStillProps {
  /** The title's wide poster (or the config's); null: black. */
  posterUrl: string | null;
  title: string;
  onWatch: () => void;
  /** Still loading what play needs (a series' episodes): Смотреть waits. */
  busy: boolean;
}

/** Before anything plays: the poster, the title and Смотреть. */
export function EmbedStill({ posterUrl, title, onWatch, busy }: EmbedStillProps) {
  return (
    <section className={styles.still} aria-label={m.player}>
      {posterUrl && (
        <div className={playerStyles.poster}>
          <LazyImage src={posterUrl} alt="" width={1280} height={720} priority />
        </div>
      )}
      <div className={playerStyles.center}>
        <h1 className={styles.title}>{title}</h1>
        <Button onClick={onWatch} disabled={busy} className={playerStyles.watch}>
          <IconPlay size={18} />
          {m.watch}
        </Button>
      </div>
    </section>
  );
}
