// Test helpers: a fake frame for an EmbedPlayer (what the SDK posted to its frame, and a way to post as
// the frame). Not published (tsconfig.build.json leaves src/testing out).
import { type MockInstance, vi } from 'vitest';
import { EmbedPlayer } from '../embed-player.js';
import type { EmbedPlayerOptions } from '../options.js';
import { DEFAULT_MESSAGE_FLAG, type EmbedMessage, toWire } from '../protocol.js';

export const CONFIG = 'https://kadr.example/embed/config/film-42.json';
export const LIGHT = 'https://kadr.example/embed/config/film-42.light.json';
/** The config URL a frame loads (its address's `config` parameter). */
export const configOf = (frame: Element | null | undefined) => {
  const src = frame?.getAttribute('src');
  return src ? new URL(src).searchParams.get('config') : undefined;
};

export type Wire = EmbedMessage & Record<string, unknown>;

/** The fake frame: what the SDK posted to it, and a way to post as it. */
export interface Fake {
  player: EmbedPlayer;
  frame: HTMLIFrameElement;
  postMessage: MockInstance;
  /** The messages posted to the current frame, in order. */
  sent: () => Wire[];
  /** Posts `message` (with the flag) from the current frame, as the frame would. */
  emit: (event: string, data?: unknown, extra?: Partial<EmbedMessage>, origin?: string) => void;
  /** Rebinds to the player's current frame (after a restart). */
  rebind: () => void;
}

/** A container element with `id` in the page. */
export function container(id: string): HTMLElement {
  const element = document.createElement('div');
  element.id = id;
  document.body.appendChild(element);
  return element;
}

/** An EmbedPlayer in the container `id` (made if missing), with its frame faked. */
export function embed(
  options?: EmbedPlayerOptions,
  id = 'player',
  flag = options?.messageFlag ?? DEFAULT_MESSAGE_FLAG,
): Fake {
  if (!document.getElementById(id)) container(id);
  const player = new EmbedPlayer(id, CONFIG, LIGHT, options);
  const fake = {} as Fake;
  fake.player = player;
  fake.rebind = () => {
    fake.frame = player.frame!;
    fake.postMessage = vi.spyOn(fake.frame.contentWindow!, 'postMessage');
  };
  fake.rebind();
  fake.sent = () => fake.postMessage.mock.calls.map((call) => call[0] as Wire);
  fake.emit = (event, data, extra, origin = 'https://kadr.example') =>
    window.dispatchEvent(
      new MessageEvent('message', {
        data: toWire(flag, { event, data, ...extra }),
        source: fake.frame.contentWindow,
        origin,
      }),
    );
  return fake;
}

/** The events of the messages posted, in order. */
export function events(fake: Fake): string[] {
  return fake.sent().map((message) => message.event);
}

export function lastSent(fake: Fake): Wire {
  const sent = fake.sent();
  return sent[sent.length - 1]!;
}

/** Answers the last command posted. */
export function reply(fake: Fake, data: unknown): void {
  fake.emit('reply', data, { replyTo: lastSent(fake).id });
}
