import { Button } from '@kadr/ui-kit';
import styles from './embed.module.css';
import { embedMessages as m } from './messages';

/** Props of {@link CastControls}. */
export interface CastControlsProps {
  /** What plays can be cast and the browser has a device for it. */
  available: boolean;
  /** A device has the video. */
  casting: boolean;
  /** The viewer asks to cast: the browser's device picker. */
  onCast: () => void;
  /** The viewer stops casting (the same picker). */
  onStop: () => void;
}

/**
 * The frame's cast button over the player, and while casting the note over the video with the way
 * back (decisions 035, 052). The frame casts its own video (Remote Playback API, frame-cast.ts).
 */
export function CastControls({ available, casting, onCast, onStop }: CastControlsProps) {
  if (casting)
    return (
      <div className={styles.casting} role="status">
        <p>{m.casting}</p>
        <Button variant="secondary" onClick={onStop}>
          {m.stopCasting}
        </Button>
      </div>
    );
  if (!available) return null;
  return (
    <Button size="s" variant="secondary" className={styles.cast} onClick={onCast}>
      {m.cast}
    </Button>
  );
}
