import { toWire } from '@kadr/embed-player/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFrameLink, type FrameLink } from './frame-link';

const FLAG = 'eump_remote_message';

/** The embedding page's window as the frame sees it: posts are recorded. */
function fakeParent() {
  const posted: unknown[] = [];
  return { posted, window: { postMessage: (message: unknown) => posted.push(message) } as unknown as Window };
}

const links: FrameLink[] = [];
afterEach(() => {
  for (const link of links.splice(0)) link.destroy();
});

function setup(onCommand = vi.fn(async () => ({ ok: true as const }))) {
  const parent = fakeParent();
  const link = createFrameLink({ flag: FLAG, self: window, parent: parent.window, onCommand });
  links.push(link);
  const send = (data: unknown, source: unknown = parent.window) =>
    window.dispatchEvent(new MessageEvent('message', { data, source: source as Window }));
  return { parent, link, onCommand, send };
}

describe('createFrameLink', () => {
  it('posts events to the parent with the flag', () => {
    const { parent, link } = setup();
    link.post('playerinitstart');
    link.post('statechange', { state: 'ready' });
    expect(parent.posted).toEqual([
      { event: 'playerinitstart', [FLAG]: true },
      { event: 'statechange', data: { state: 'ready' }, [FLAG]: true },
    ]);
  });

  it("runs the parent's commands and replies to the request id", async () => {
    const { parent, onCommand, send } = setup(vi.fn(async () => ({ ok: true as const, value: 7 })));
    send(toWire(FLAG, { event: 'settime', data: { time: 3 }, id: 12 }));
    await vi.waitFor(() => expect(parent.posted).toHaveLength(1));
    expect(onCommand).toHaveBeenCalledWith({ event: 'settime', data: { time: 3 }, id: 12 });
    expect(parent.posted[0]).toEqual({
      event: 'reply',
      data: { ok: true, value: 7 },
      replyTo: 12,
      [FLAG]: true,
    });
  });

  it('turns a command that throws into a refusal', async () => {
    const { parent, send } = setup(
      vi.fn(async () => {
        throw new Error('seeking is not allowed now');
      }),
    );
    send(toWire(FLAG, { event: 'settime', data: { time: 3 }, id: 2 }));
    await vi.waitFor(() => expect(parent.posted).toHaveLength(1));
    expect(parent.posted[0]).toMatchObject({
      data: { ok: false, error: 'seeking is not allowed now' },
      replyTo: 2,
    });
  });

  it('ignores other windows, messages without the flag, malformed ones and unknown events', async () => {
    const { onCommand, send, parent } = setup();
    send(toWire(FLAG, { event: 'play', id: 1 }), window);
    send(toWire(FLAG, { event: 'play', id: 1 }), null);
    send({ event: 'play', id: 1 });
    send(toWire('other_flag', { event: 'play', id: 1 }));
    send('play');
    send(null);
    send(toWire(FLAG, { event: 'reply', id: 1 }));
    send(toWire(FLAG, { event: 'selfdestruct', id: 1 }));
    send({ [FLAG]: true, event: 42 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(onCommand).not.toHaveBeenCalled();
    expect(parent.posted).toEqual([]);
  });

  it('answers nothing to a command without an id, and stops listening once destroyed', async () => {
    const { onCommand, send, parent, link } = setup();
    send(toWire(FLAG, { event: 'pause' }));
    await vi.waitFor(() => expect(onCommand).toHaveBeenCalledOnce());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(parent.posted).toEqual([]);
    link.destroy();
    send(toWire(FLAG, { event: 'pause', id: 3 }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(onCommand).toHaveBeenCalledOnce();
  });
});
