import { type ChannelSnapshot, GO_LIVE_LABEL } from '@kadr/player-core';
import { channelPlayerMessages as cm } from './channel-messages';
import styles from './channel-player.module.css';
import { playerMessages as m } from './messages';
import vod from './player.module.css';
import { MuteButton, PlayPauseButton } from './player-controls';

/** Commands of the live bar. */
export interface LiveControlsActions {
  pause: () => void;
  resume: () => void;
  setMuted: (muted: boolean) => void;
  /** A position in the DVR window (currentTime's seconds). */
  seekTo: (seconds: number) => void;
  /** «В эфир»: back to the live edge, or from the archive to the broadcast. */
  goLive: () => void;
}

/** The wall clock of a position in the window (ms), from the window's dates; null when undated. */
function dateAt(live: ChannelSnapshot['live'], seconds: number): number | null {
  if (live.windowStart === null || live.windowStartDate === null) return null;
  return live.windowStartDate + (seconds - live.windowStart) * 1000;
}

/**
 * A channel's control bar (decision 031): no VOD position — the broadcast has no fixed length — but
 * play/pause and sound for everyone; for buyers the DVR window's scrubber (the archive's whole
 * programme); «В эфир» whenever the playhead is behind the live edge or on an archived programme; and
 * the programme on air at the playhead (it follows a rewind).
 */
export function LiveControls({
  snapshot,
  programmeTitle,
  timeZone,
  actions,
}: {
  snapshot: ChannelSnapshot;
  /** The programme on air at the playhead's date (selectProgrammeOnAir); null when unknown. */
  programmeTitle: string | null;
  timeZone: string;
  actions: LiveControlsActions;
}) {
  const { live } = snapshot;
  const start = live.windowStart;
  const end = live.windowEnd;
  const scrubbable = snapshot.controlsEnabled && start !== null && end !== null && end > start;
  const at = Math.min(Math.max(snapshot.currentTime, start ?? 0), end ?? 0);
  const date = dateAt(live, at);
  const clock =
    date === null
      ? null
      : new Intl.DateTimeFormat('ru-RU', {
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
          timeZone,
        }).format(date);
  return (
    <div className={vod.controls} role="toolbar" aria-label={m.controls}>
      <PlayPauseButton snapshot={snapshot} actions={actions} />
      <MuteButton snapshot={snapshot} actions={actions} />
      {scrubbable && (
        <input
          type="range"
          className={styles.scrubber}
          aria-label={cm.scrubber}
          aria-valuetext={clock ? cm.scrubberValue(clock) : undefined}
          min={start}
          max={end}
          step={1}
          value={at}
          onChange={(event) => actions.seekTo(Number(event.target.value))}
        />
      )}
      {live.canGoLive ? (
        <button type="button" className={vod.controlText} onClick={actions.goLive}>
          {GO_LIVE_LABEL}
        </button>
      ) : (
        live.kind === 'live' && <span className={styles.liveBadge}>{cm.onAirNow}</span>
      )}
      {programmeTitle && <span className={styles.programme}>{cm.programme(programmeTitle)}</span>}
    </div>
  );
}
