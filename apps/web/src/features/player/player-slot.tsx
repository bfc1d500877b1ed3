import { Button, IconButton, IconClose } from '@kadr/ui-kit';
import { useEffect, useRef } from 'react';
import type { Content, Episode } from '../../shared/catalogue-types';
import { playerMessages as m } from './messages';
import styles from './player.module.css';
import { PlayerBlock } from './player-block';
import type { PlayLogic } from './use-play-logic';

/** Props of {@link PlayerSlot}. */
export interface PlayerSlotProps {
  play: PlayLogic;
  content: Content;
  episodeId?: number;
  episodes?: readonly Episode[] | null;
}

/**
 * What the content card shows where the player goes: nothing, the registration prompt for a guest who
 * bought, or the player block; scrolled into view and focused when it opens.
 */
export function PlayerSlot({ play, content, episodeId, episodes }: PlayerSlotProps) {
  const ref = useRef<HTMLDivElement>(null);
  const { stage } = play;
  const key = stage.kind === 'player' ? `player-${stage.request}` : stage.kind;
  useEffect(() => {
    const element = ref.current;
    if (!element || stage.kind === 'closed') return;
    element.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    element.querySelector<HTMLElement>('section')?.focus({ preventScroll: true });
  }, [key]);
  if (stage.kind === 'closed') return null;
  return (
    <div ref={ref}>
      {stage.kind === 'prompt' ? (
        <RegistrationPromptBlock onRegister={play.register} onSkip={play.skipPrompt} onClose={play.close} />
      ) : (
        <PlayerBlock
          key={key}
          content={content}
          kind={stage.request}
          episodeId={episodeId}
          episodes={episodes}
          onClose={play.close}
        />
      )}
    </div>
  );
}

/** SPEC §4: a guest who bought is asked to register before playing (once per session if closed). */
export function RegistrationPromptBlock({
  onRegister,
  onSkip,
  onClose,
}: {
  onRegister: () => void;
  onSkip: () => void;
  onClose: () => void;
}) {
  return (
    <section className={styles.player} aria-label={m.player} tabIndex={-1}>
      <div className={styles.screen}>
        <div className={styles.finalBlock} role="dialog" aria-label={m.promptTitle}>
          <h2 className={styles.finalTitle}>{m.promptTitle}</h2>
          <div className={styles.promptActions}>
            <Button onClick={onRegister}>{m.promptRegister}</Button>
            <Button variant="secondary" onClick={onSkip}>
              {m.promptSkip}
            </Button>
          </div>
        </div>
        <IconButton label={m.close} variant="filled" className={styles.close} onClick={onClose}>
          <IconClose size={20} />
        </IconButton>
      </div>
    </section>
  );
}
