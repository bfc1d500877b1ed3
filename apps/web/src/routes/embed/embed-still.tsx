import { Button, IconPlay, LazyImage } from '@kadr/ui-kit';
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
export function EmbedStill({
  posterUrl,
  title,
  onWatch,
  busy,
}: {
  posterUrl: string | null;
  title: string;
  onWatch: () => void;
  busy: boolean;
}) {
  return (
    <section className={styles.still} aria-label={m.player}>
      {posterUrl && (
        <div className={styles.poster}>
          <LazyImage src={posterUrl} alt="" width={1280} height={720} priority />
        </div>
      )}
      <div className={styles.center}>
        <h1 className={styles.title}>{title}</h1>
        <Button onClick={onWatch} disabled={busy} className={styles.watch}>
          <IconPlay size={18} />
          {m.watch}
        </Button>
      </div>
    </section>
  );
}
