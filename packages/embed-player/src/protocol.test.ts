import { describe, expect, it } from 'vitest';
import { DEFAULT_MESSAGE_FLAG, fromWire, toWire } from './protocol.js';

describe('the wire format', () => {
  it('sets the message flag on what it sends and reads it back', () => {
    const wire = toWire(DEFAULT_MESSAGE_FLAG, { event: 'play', id: 3 });
    expect(wire).toEqual({ event: 'play', id: 3, eump_remote_message: true });
    expect(fromWire(DEFAULT_MESSAGE_FLAG, JSON.parse(JSON.stringify(wire)))).toEqual({
      event: 'play',
      data: undefined,
      id: 3,
    });
  });

  it('ignores what is not ours: no flag, another flag, no event name, not an object', () => {
    for (const value of [
      { event: 'play' },
      { event: 'play', other_flag: true },
      { event: 'play', eump_remote_message: 'yes' },
      { eump_remote_message: true },
      { eump_remote_message: true, event: 7 },
      'play',
      null,
      42,
    ])
      expect(fromWire(DEFAULT_MESSAGE_FLAG, value)).toBeNull();
  });

  it('keeps only whole-number ids and reply ids', () => {
    expect(fromWire('f', { f: true, event: 'reply', replyTo: 2, id: 1.5, data: { ok: true } })).toEqual({
      event: 'reply',
      replyTo: 2,
      data: { ok: true },
    });
    expect(fromWire('f', { f: true, event: 'reply', replyTo: '2' })).toEqual({
      event: 'reply',
      data: undefined,
    });
  });
});
