// The SDK's commands (SPEC §7 outgoing events), checked and run against the frame's player.
import type { EmbedCommands, EmbedEnv, EmbedProgramme } from '@kadr/embed-player/protocol';
import type { FrameCommand, FrameReply } from './frame-link';

/** What the commands drive: the frame's player, whatever plays in it (embed-screen.tsx). */
export interface FramePlayer {
  /** The SDK's environment (`setenv`): whether to show our controls, the partner's page. */
  setEnv(env: EmbedEnv): void;
  /** The title or the programme on air. */
  programme(): EmbedProgramme;
  /** Starts (the first time: loads the release and creates the player) or resumes. */
  play(): Promise<void>;
  pause(): void;
  setMuted(muted: boolean): void;
  /** 0…1. */
  setVolume(volume: number): void;
  /** Seconds; throws when seeking is not allowed now (nothing plays, a preview). */
  seekTo(time: number): void;
  /** A rendition's id, or null for automatic. */
  setQuality(id: string | null): void;
  /** A captions track's language, or null for none; throws when there is no such track. */
  setCaptions(language: string | null): void;
  setCaptionsStyle(style: EmbedCommands['setcaptionsstyle']): void;
  requestFullscreen(): Promise<void>;
  exitFullscreen(): Promise<void>;
}

/** The reply to `requestcasting`: the host page does not cast the frame's content (decision 052). */
export const REQUEST_CASTING_REFUSED = 'requestcasting: the frame casts by itself';

/** The quality id meaning "automatic" (the SDK's qualities list it first). */
export const AUTO_QUALITY = 'auto';

type Data = Record<string, unknown>;
const isRecord = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const optional = (value: unknown, check: (value: unknown) => boolean) => value === undefined || check(value);
const isString = (value: unknown): value is string => typeof value === 'string';
/** A CSS colour as a value (`#fff`, `rgb(0 0 0 / 50%)`, `white`): nothing that could end the rule it goes in. */
const isCssColor = (value: unknown) => isString(value) && /^[#\w(),.%/\s-]{1,64}$/.test(value);

/** Whether the command's data is what the protocol says (else it is refused). */
export function isValid(event: FrameCommand['event'], data: unknown): boolean {
  const d = isRecord(data) ? data : undefined;
  return ((): boolean => {
    switch (event) {
      case 'setenv':
        return (
          d !== undefined &&
          isString(d.sdkVersion) &&
          isString(d.pageUrl) &&
          isString(d.userAgent) &&
          typeof d.useControls === 'boolean' &&
          optional(d.partner, isRecord)
        );
      case 'setmuted':
        return typeof d?.muted === 'boolean';
      case 'setvolume':
        return isFiniteNumber(d?.volume) && d.volume >= 0 && d.volume <= 1;
      case 'settime':
        return isFiniteNumber(d?.time) && d.time >= 0;
      case 'setquality':
        return isString(d?.quality) && d.quality !== '';
      case 'setcaptions':
        return d !== undefined && (d.language === null || (isString(d.language) && d.language !== ''));
      case 'setcaptionsstyle':
        return (
          d !== undefined &&
          optional(d.color, isCssColor) &&
          optional(d.background, isCssColor) &&
          optional(d.size, (size) => isFiniteNumber(size) && size > 0 && size <= 4)
        );
      case 'castreceiveraction':
        return (
          d !== undefined &&
          (d.action === 'play' || d.action === 'pause' || d.action === 'stop') &&
          optional(d.time, (time) => isFiniteNumber(time) && time >= 0)
        );
      case 'stopcasting':
        return (
          data === undefined ||
          (d !== undefined && optional(d.time, (time) => isFiniteNumber(time) && time >= 0))
        );
      default:
        return true;
    }
  })();
}

/**
 * Runs one command on `player` (null: nothing to drive yet, the config is loading) and gives the reply.
 * Data that is not what the protocol says is refused, never passed on.
 */
export async function runFrameCommand(
  player: FramePlayer | null,
  command: FrameCommand,
): Promise<FrameReply> {
  const { event, data } = command;
  if (!isValid(event, data)) return { ok: false, error: `${event}: invalid data` };
  if (!player) return { ok: false, error: 'not ready' };
  switch (event) {
    case 'setenv':
      player.setEnv(data as EmbedEnv);
      break;
    case 'getcurrentprogramme':
      return { ok: true, value: player.programme() };
    case 'play':
      await player.play();
      break;
    case 'pause':
      player.pause();
      break;
    case 'setmuted':
      player.setMuted((data as EmbedCommands['setmuted']).muted);
      break;
    case 'setvolume':
      player.setVolume((data as EmbedCommands['setvolume']).volume);
      break;
    case 'settime':
      player.seekTo((data as EmbedCommands['settime']).time);
      break;
    case 'setquality': {
      const { quality } = data as EmbedCommands['setquality'];
      player.setQuality(quality === AUTO_QUALITY ? null : quality);
      break;
    }
    case 'setcaptions':
      player.setCaptions((data as EmbedCommands['setcaptions']).language);
      break;
    case 'setcaptionsstyle':
      player.setCaptionsStyle(data as EmbedCommands['setcaptionsstyle']);
      break;
    case 'requestfullscreen':
      await player.requestFullscreen();
      break;
    case 'exitfullscreen':
      await player.exitFullscreen();
      break;
    // The frame casts its own video (decision 052): it never offers the host page a Cast session, and
    // never answers what plays — the release's URL is a grant the page could hand to anyone.
    case 'requestcasting':
      return { ok: false, error: REQUEST_CASTING_REFUSED };
    // No host session to mirror or end: accepted (the data was checked above), nothing to do.
    case 'castreceiveraction':
    case 'stopcasting':
    case 'castunavailable':
      break;
  }
  return { ok: true };
}
