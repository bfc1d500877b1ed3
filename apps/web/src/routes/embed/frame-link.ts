// The frame's end of the embed protocol (@kadr/embed-player/protocol, SPEC §7): what the partner's SDK
// sends us arrives here as commands, and what the player does goes back to it as events.
import {
  type EmbedCommandName,
  type EmbedEventName,
  type EmbedEvents,
  fromWire,
  toWire,
} from '@kadr/embed-player/protocol';

/** A command from the SDK: its name, its data as received (not yet checked), its request id. */
export interface FrameCommand {
  event: EmbedCommandName;
  data: unknown;
  id?: number;
}

/** The answer to a command, sent back as a `reply` naming its id. */
export type FrameReply = EmbedEvents['reply'];

/** The frame's link with the page that embeds it. */
export interface FrameLink {
  /** Sends an event to the embedding page. */
  post<K extends EmbedEventName>(event: K, data?: EmbedEvents[K]): void;
  /** Stops listening. */
  destroy(): void;
}

const COMMANDS: ReadonlySet<string> = new Set<EmbedCommandName>([
  'setenv',
  'getcurrentprogramme',
  'play',
  'pause',
  'setmuted',
  'setvolume',
  'settime',
  'setquality',
  'setcaptions',
  'setcaptionsstyle',
  'requestfullscreen',
  'exitfullscreen',
  'requestcasting',
  'castreceiveraction',
  'stopcasting',
  'castunavailable',
]);

/** Options of {@link createFrameLink}. */
export interface FrameLinkOptions {
  /** The message flag's property name (the address's `flag`, else the SDK's default). */
  flag: string;
  /** The frame's own window (where the SDK's messages arrive). */
  self: Window;
  /** The embedding page's window: the only one whose messages are read and the only one posted to. */
  parent: Window;
  /** Runs a command; its reply (or a refusal when it throws) goes back to the SDK when it has an id. */
  onCommand: (command: FrameCommand) => Promise<FrameReply>;
}

/**
 * Listens to the embedding page and answers its commands. Only messages from `parent` with the flag
 * are read; any other window's, malformed ones and unknown events are ignored. Events are posted to
 * `parent` with the target origin `'*'`: the page that framed us is the only receiver, whatever its
 * origin (a partner's, unknown here), and nothing we send is private — the state of a player it shows.
 */
export function createFrameLink({ flag, self, parent, onCommand }: FrameLinkOptions): FrameLink {
  const post = (message: Record<string, unknown>) => {
    try {
      parent.postMessage(toWire(flag, message as { event: string }), '*');
    } catch (error) {
      // A value the structured clone cannot copy: a bug of ours, never the page's problem.
      console.error('[embed] cannot post', message.event, error);
    }
  };
  const listener = (event: MessageEvent) => {
    if (event.source !== parent) return;
    const message = fromWire(flag, event.data);
    if (!message || !COMMANDS.has(message.event)) return;
    const { id } = message;
    const command: FrameCommand = { event: message.event as EmbedCommandName, data: message.data, id };
    void onCommand(command)
      .catch((error: unknown): FrameReply => ({ ok: false, error: errorText(error) }))
      .then((reply) => {
        if (id !== undefined) post({ event: 'reply', data: reply, replyTo: id });
      });
  };
  self.addEventListener('message', listener);
  return {
    post: (event, data) => post(data === undefined ? { event } : { event, data }),
    destroy: () => self.removeEventListener('message', listener),
  };
}

/** A thrown value as the reply's `error` text. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : 'failed';
}

/** Tells the embedding page the frame cannot play, before (or without) a link: the `error` state. */
export function reportFrameFailure(parent: Window, flag: string, reason: 'not_found' | 'failed'): void {
  parent.postMessage(toWire(flag, { event: 'statechange', data: { state: 'error', error: reason } }), '*');
}
