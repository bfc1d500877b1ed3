import { PLAYBACK_RATES, type PlayerSnapshot, SEEK_STEP_SECONDS } from '@kadr/player-core';
import { IconMuted, IconPause, IconPlay, IconSound, VisuallyHidden } from '@kadr/ui-kit';
import type { Ref } from 'react';
import { playerMessages as m } from './messages';
import styles from './player.module.css';

/** Commands of the control bar. */
export interface PlayerControlsActions {
  pause: () => void;
  resume: () => void;
  setMuted: (muted: boolean) => void;
  seekBy: (seconds: number) => void;
  previousEpisode: () => void;
  nextEpisode: () => void;
  /** Null: automatic. */
  setQuality: (id: string | null) => void;
  setRate: (rate: number) => void;
  togglePictureInPicture: () => void;
}

const AUTO = 'auto';

/** What the buttons every control bar has (the content's and a channel's) show and do. */
interface BarButtonProps {
  snapshot: PlayerSnapshot;
  actions: Pick<PlayerControlsActions, 'pause' | 'resume' | 'setMuted'>;
}

/** Play or pause, by the phase: the first button of every control bar. */
export function PlayPauseButton({ snapshot, actions }: BarButtonProps) {
  const playing = snapshot.phase === 'playing';
  return (
    <button
      type="button"
      className={styles.control}
      onClick={playing ? actions.pause : actions.resume}
      aria-label={playing ? m.pause : m.resume}
    >
      {playing ? <IconPause size={18} /> : <IconPlay size={18} />}
    </button>
  );
}

/** Sound off or on, a toggle: in every control bar. */
export function MuteButton({ snapshot, actions }: BarButtonProps) {
  return (
    <button
      type="button"
      className={styles.control}
      onClick={() => actions.setMuted(!snapshot.muted)}
      aria-label={snapshot.muted ? m.unmute : m.mute}
      aria-pressed={snapshot.muted}
    >
      {snapshot.muted ? <IconMuted size={18} /> : <IconSound size={18} />}
    </button>
  );
}

/**
 * The control bar: play/pause, sound and position for everyone; for buyers also seek ±10 s, previous and
 * next episode, quality, speed and picture-in-picture (SPEC §6); on a phone «Скачать» for films and episodes.
 */
export function PlayerControls({
  snapshot,
  actions,
  onDownload,
  downloadRef,
}: {
  snapshot: PlayerSnapshot;
  actions: PlayerControlsActions;
  /** «Скачать» (offline viewing in the mobile app, decision 039); no button without it. */
  onDownload?: () => void;
  downloadRef?: Ref<HTMLButtonElement>;
}) {
  const full = snapshot.controlsEnabled;
  return (
    <div className={styles.controls} role="toolbar" aria-label={m.controls}>
      <PlayPauseButton snapshot={snapshot} actions={actions} />
      {full && (
        <>
          <button
            type="button"
            className={styles.control}
            onClick={() => actions.seekBy(-SEEK_STEP_SECONDS)}
            aria-label={m.back10}
          >
            −10
          </button>
          <button
            type="button"
            className={styles.control}
            onClick={() => actions.seekBy(SEEK_STEP_SECONDS)}
            aria-label={m.forward10}
          >
            +10
          </button>
        </>
      )}
      <span className={styles.position}>{m.position(snapshot.currentTime, snapshot.duration)}</span>
      <MuteButton snapshot={snapshot} actions={actions} />
      {full && snapshot.hasPreviousEpisode && (
        <button type="button" className={styles.controlText} onClick={actions.previousEpisode}>
          {m.previousEpisode}
        </button>
      )}
      {full && snapshot.hasNextEpisode && (
        <button type="button" className={styles.controlText} onClick={actions.nextEpisode}>
          {m.nextEpisode}
        </button>
      )}
      {full && snapshot.qualities.length > 1 && (
        <label className={styles.select}>
          <VisuallyHidden>{m.quality}</VisuallyHidden>
          <select
            value={snapshot.quality ?? AUTO}
            onChange={(event) => actions.setQuality(event.target.value === AUTO ? null : event.target.value)}
          >
            <option value={AUTO}>{m.qualityAuto}</option>
            {snapshot.qualities.map((quality) => (
              <option key={quality.id} value={quality.id}>
                {quality.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {full && (
        <label className={styles.select}>
          <VisuallyHidden>{m.speed}</VisuallyHidden>
          <select
            value={String(snapshot.rate)}
            onChange={(event) => actions.setRate(Number(event.target.value))}
          >
            {PLAYBACK_RATES.map((rate) => (
              <option key={rate} value={String(rate)}>
                {m.speedValue(rate)}
              </option>
            ))}
          </select>
        </label>
      )}
      {full && (
        <button
          type="button"
          className={styles.controlText}
          onClick={actions.togglePictureInPicture}
          aria-pressed={snapshot.pictureInPicture}
        >
          {m.pictureInPicture}
        </button>
      )}
      {onDownload && (
        <button
          ref={downloadRef}
          type="button"
          className={styles.controlText}
          onClick={onDownload}
          aria-haspopup="dialog"
        >
          {m.download}
        </button>
      )}
    </div>
  );
}
