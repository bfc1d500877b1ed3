import type { PlayerSnapshot } from '@kadr/player-core';
import { Button, IconButton, IconClose, IconPlay, LazyImage, Spinner, VisuallyHidden } from '@kadr/ui-kit';
import { type KeyboardEvent, type ReactNode, type Ref, useEffect, useId, useRef } from 'react';
import { playerMessages as m } from './messages';
import { OfflinePrompt } from './offline-prompt';
import styles from './player.module.css';
import { PlayerControls, type PlayerControlsActions } from './player-controls';

/** What the viewer can do in the player block. */
export interface PlayerViewActions extends PlayerControlsActions {
  /** The play image (first start, or again after an error). */
  play: () => void;
  close: () => void;
  /** The preview overlay's buy button (goal PLAYER_BUY_SUCCESS). */
  buyFromOverlay: () => void;
  /** The final block's pay_text button (goal EK_BUY_SUCCESS). */
  buyFromPaywall: () => void;
  /** Hides the install paywall (the video resumes). */
  hideInstall: () => void;
  /** A key pressed in the player (←/→ seek, space); true when the player used it. */
  key: (key: string) => boolean;
}

/** Props of {@link PlayerView}. */
export interface PlayerViewProps {
  /** Film or «film. episode» title, for the region's description (visually hidden text). */
  title: string;
  /** Null when the content has no artwork (the screen stays black). */
  posterUrl: string | null;
  /** Null while the player's code is being loaded. */
  snapshot: PlayerSnapshot | null;
  /** The player's code could not be loaded (counts as a start error). */
  engineFailed?: boolean;
  /** The tariff's pay_text, for the final block's button. */
  payText: string | null;
  packageName: string;
  /** Receives the element the video engine mounts its video into. */
  videoHostRef?: Ref<HTMLDivElement>;
  /** A control bar in place of the content's (a channel's live bar). */
  controls?: ReactNode;
  /** Whether the control bar shows (the embed SDK's `useControls`); default true. */
  showControls?: boolean;
  /** In the frame player (apps/web's embed page): fills its frame, no close button. */
  embedded?: boolean;
  /**
   * The control bar's «Скачать» (offline viewing, decision 039): given only where it is offered — a
   * phone, a film or an episode. It shows the install paywall, whose face is the offline prompt.
   */
  onDownload?: () => void;
  actions: PlayerViewActions;
}

/** Which of the block's faces is up, derived from the controller's snapshot. */
export type PlayerFace = 'loading' | 'error' | 'video';

/** The face the block shows for a snapshot (SPEC §8: after an error the play image comes back). */
export function playerFace(snapshot: PlayerSnapshot | null, engineFailed = false): PlayerFace {
  if (engineFailed || snapshot?.phase === 'error') return 'error';
  if (!snapshot || snapshot.phase === 'idle' || snapshot.phase === 'loading') return 'loading';
  return 'video';
}

/** Keys the block leaves to focused buttons and lists (they handle them themselves). */
function ownKeyTarget(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement;
  if (target.tagName === 'SELECT') return true;
  return event.key === ' ' && target.tagName === 'BUTTON';
}

/**
 * The content card's player block (SPEC §2): poster, loading image, video, preview overlay with the
 * countdown and a buy button, close button, final block with pay_text after the preview, and — for
 * buyers — the controls (SPEC §6). It only renders a controller's snapshot; the container drives it.
 */
export function PlayerView({
  title,
  posterUrl,
  snapshot,
  engineFailed = false,
  payText,
  packageName,
  videoHostRef,
  controls,
  showControls = true,
  embedded = false,
  onDownload,
  actions,
}: PlayerViewProps) {
  const descriptionId = useId();
  const face = playerFace(snapshot, engineFailed);
  const paywall = snapshot?.paywall ?? 'none';
  const installOpen = face === 'video' && paywall === 'install';
  // Focus goes back to «Скачать» when the prompt it opened closes (the bar is re-rendered meanwhile),
  // unless the viewer has put it somewhere else.
  const downloadRef = useRef<HTMLButtonElement>(null);
  const focusDownload = useRef(false);
  useEffect(() => {
    if (installOpen || !focusDownload.current) return;
    focusDownload.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) downloadRef.current?.focus();
  }, [installOpen]);
  const download = onDownload
    ? () => {
        focusDownload.current = true;
        onDownload();
      }
    : undefined;
  const preview =
    face === 'video' && paywall === 'none' && snapshot?.previewRemaining != null && !snapshot.previewExpired
      ? snapshot.previewRemaining
      : null;
  return (
    <section
      className={embedded ? `${styles.player} ${styles.embedded}` : styles.player}
      aria-label={m.player}
      // Described by visually hidden text: `aria-description` is not read by every screen reader.
      aria-describedby={descriptionId}
      tabIndex={-1}
      // The TV layout hides a playing video's controls after a while without keys (decision 040).
      data-phase={snapshot?.phase}
      onKeyDown={(event) => {
        if (ownKeyTarget(event)) return;
        if (actions.key(event.key)) event.preventDefault();
      }}
    >
      <VisuallyHidden id={descriptionId}>{title}</VisuallyHidden>
      <div className={styles.screen} data-face={face}>
        <div ref={videoHostRef} className={styles.videoHost} />
        {face !== 'video' && posterUrl && (
          <div className={styles.poster}>
            <LazyImage src={posterUrl} alt="" width={1280} height={720} priority />
          </div>
        )}
        {face === 'loading' && (
          <div className={styles.center} role="status">
            <Spinner size={48} />
            <VisuallyHidden>{m.loading}</VisuallyHidden>
          </div>
        )}
        {face === 'error' && (
          <div className={styles.center}>
            <button type="button" className={styles.playImage} onClick={actions.play} aria-label={m.play}>
              <IconPlay size={40} />
            </button>
            <p className={styles.note}>{m.startFailed}</p>
          </div>
        )}
        {preview !== null && (
          <div className={styles.previewOverlay}>
            <span className={styles.countdown} role="timer" aria-live="off">
              {m.previewCountdown(preview)}
            </span>
            <Button size="s" onClick={actions.buyFromOverlay}>
              {m.overlayBuy}
            </Button>
          </div>
        )}
        {face === 'video' && paywall === 'final' && (
          <div className={styles.finalBlock} role="dialog" aria-label={m.finalTitle}>
            <h2 className={styles.finalTitle}>{m.finalTitle}</h2>
            <p className={styles.note}>{m.finalText(packageName)}</p>
            <Button onClick={actions.buyFromPaywall}>{payText || m.finalBuyFallback}</Button>
          </div>
        )}
        {!embedded && (
          <IconButton
            label={m.close}
            variant="filled"
            className={styles.close}
            onClick={actions.close}
            // What a TV remote's back key presses while the player is open (decision 040).
            data-back-leaves=""
          >
            <IconClose size={20} />
          </IconButton>
        )}
      </div>
      {showControls &&
        face === 'video' &&
        snapshot &&
        paywall === 'none' &&
        (controls ?? (
          <PlayerControls
            snapshot={snapshot}
            actions={actions}
            onDownload={download}
            downloadRef={downloadRef}
          />
        ))}
      {/* Under the paused picture, in the control bar's place: a phone's 16:9 screen is too low to hold it. */}
      {installOpen && <OfflinePrompt onContinue={actions.hideInstall} />}
    </section>
  );
}
