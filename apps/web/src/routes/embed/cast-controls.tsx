import type { EmbedCastAction } from '@kadr/embed-player/protocol';
import { Button } from '@kadr/ui-kit';
import styles from './embed.module.css';
import { embedMessages as m } from './messages';

/** A Cast session's receiver, as the SDK mirrors it. */
export interface CastingState {
  action: EmbedCastAction;
  /** The receiver's time, seconds. */
  time: number;
}

/** Props of {@link CastControls}. */
export interface CastControlsProps {
  /** What plays can be cast and the partner's page can cast it. */
  available: boolean;
  /** The session running, or null. */
  casting: CastingState | null;
  /** The viewer asks to cast: the partner's page opens the browser's Cast dialog. */
  onCast: () => void;
  /** The viewer stops casting. */
  onStop: () => void;
}

/**
 * The frame's cast button over the player, and while casting the note over the paused video with the
 * way back (decision 035). The session itself is the partner page's (the SDK's cast sender).
 */
export function CastControls({ available, casting, onCast, onStop }: CastControlsProps) {
  if (casting)
    return (
      <div className={styles.casting} role="status">
        <p>{casting.action === 'stop' ? m.castStopped : m.casting}</p>
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
