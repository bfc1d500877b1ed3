import type { PlayerChannel, PlayerChannelRelease } from '@kadr/player-core';

/** Fetches a channel broadcast's stream (getReleaseChannel), abortable. */
export type LoadChannelRelease = (
  channel: PlayerChannel,
  signal: AbortSignal,
) => Promise<PlayerChannelRelease>;

/**
 * The grants of the channels a channel change goes to next (channel up and down), fetched ahead so the
 * change does not wait for getReleaseChannel (docs/decisions/031, «Channel change»).
 */
export interface ChannelPrefetch {
  /**
   * Keeps the broadcast grants of exactly these channels ready: the missing ones are asked for, the
   * others dropped (their requests aborted). The caller names only channels whose package the viewer
   * bought — a non-buyer's getReleaseChannel starts a preview — and at most the two neighbours.
   */
  keep(channelIds: readonly number[]): void;
  /**
   * The ready grant of a channel's broadcast, taken once (the next change asks afresh), its
   * `expires_in` counted from now; null when there is none young enough — the caller asks the api.
   */
  take(channel: PlayerChannel): Promise<PlayerChannelRelease> | null;
  /** Drops every grant and aborts every request (the viewer left, the session changed). */
  clear(): void;
}

/** A grant is handed out while at most this share of its life is gone: the player renews at a third. */
const USABLE_SHARE = 1 / 3;

interface Entry {
  readonly controller: AbortController;
  readonly asked: number;
  readonly answer: Promise<PlayerChannelRelease>;
  /** Set once answered: the grant and when it stops being handed out. */
  ready: { release: PlayerChannelRelease; usableUntil: number } | null;
  refresh: ReturnType<typeof setTimeout> | undefined;
}

/**
 * Creates the prefetch of channel grants over `load`. A grant without `expires_in` (a live preview) is
 * never kept. A kept grant is asked for again when it stops being handed out, for as long as it is kept.
 */
export function createChannelPrefetch(
  load: LoadChannelRelease,
  now: () => number = Date.now,
): ChannelPrefetch {
  const entries = new Map<number, Entry>();

  function drop(channelId: number): void {
    const entry = entries.get(channelId);
    if (!entry) return;
    entries.delete(channelId);
    clearTimeout(entry.refresh);
    entry.controller.abort();
  }

  function ask(channelId: number): void {
    const controller = new AbortController();
    const asked = now();
    const answer = load({ streamId: channelId, archiveStart: null }, controller.signal);
    const entry: Entry = { controller, asked, answer, ready: null, refresh: undefined };
    entries.set(channelId, entry);
    answer.then(
      (release) => {
        if (entries.get(channelId) !== entry) return;
        if (release.expires_in === undefined) {
          entries.delete(channelId);
          return;
        }
        const usableMs = release.expires_in * 1000 * USABLE_SHARE;
        entry.ready = { release, usableUntil: asked + usableMs };
        entry.refresh = setTimeout(() => {
          if (entries.get(channelId) !== entry) return;
          entries.delete(channelId);
          ask(channelId);
        }, usableMs);
      },
      () => {
        // A failed prefetch is forgotten: the change asks the api itself and reports what it answers.
        if (entries.get(channelId) === entry) entries.delete(channelId);
      },
    );
  }

  return {
    keep(channelIds) {
      for (const channelId of [...entries.keys()]) if (!channelIds.includes(channelId)) drop(channelId);
      for (const channelId of channelIds) if (!entries.has(channelId)) ask(channelId);
    },
    take(channel) {
      if (channel.archiveStart) return null;
      const entry = entries.get(channel.streamId);
      if (!entry) return null;
      entries.delete(channel.streamId);
      clearTimeout(entry.refresh);
      if (entry.ready === null) {
        // Still in flight: the change joins it (the grant is as young as a new one would be); if it
        // fails, the change asks once more itself and gets the api's own answer.
        return entry.answer.then(
          (release) => fromNow(release, entry.asked, now()),
          () => load(channel, new AbortController().signal),
        );
      }
      if (now() > entry.ready.usableUntil) return null;
      return Promise.resolve(fromNow(entry.ready.release, entry.asked, now()));
    },
    clear() {
      for (const channelId of [...entries.keys()]) drop(channelId);
    },
  };
}

/** A grant asked for at `asked` as if asked for now: its `expires_in` less the time since. */
function fromNow(release: PlayerChannelRelease, asked: number, at: number): PlayerChannelRelease {
  if (release.expires_in === undefined) return release;
  const spent = Math.floor(Math.max(0, at - asked) / 1000);
  return { ...release, expires_in: release.expires_in - spent };
}
