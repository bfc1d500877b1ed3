import { describe, expect, it } from 'vitest';
import { createKeyedQueue } from './intent-queue.js';

function setup() {
  return createKeyedQueue<'playback' | 'seek' | 'quality', string>();
}

describe('keyed queue', () => {
  it('keeps one item per key and hands back the one it replaced', () => {
    const queue = setup();
    expect(queue.put('seek', 'seek:10')).toBeUndefined();
    expect(queue.put('seek', 'seek:20')).toBe('seek:10');
    expect(queue.size).toBe(1);
    expect(queue.takeAll()).toEqual(['seek:20']);
  });

  it('gives items back oldest key first, a replaced key counting as newest', () => {
    const queue = setup();
    queue.put('playback', 'pause');
    queue.put('seek', 'seek:10');
    queue.put('quality', 'quality:1');
    queue.put('playback', 'pause again');
    expect(queue.takeAll()).toEqual(['seek:10', 'quality:1', 'pause again']);
  });

  it('takeAll empties it', () => {
    const queue = setup();
    queue.put('playback', 'pause');
    queue.takeAll();
    expect(queue.size).toBe(0);
    expect(queue.takeAll()).toEqual([]);
  });

  it('remove takes out one key only', () => {
    const queue = setup();
    queue.put('playback', 'pause');
    queue.put('seek', 'seek:10');
    expect(queue.remove('playback')).toBe('pause');
    expect(queue.remove('playback')).toBeUndefined();
    expect(queue.takeAll()).toEqual(['seek:10']);
  });

  it('removeWhere takes out the items a test accepts and keeps the order of the rest', () => {
    const queue = setup();
    queue.put('playback', 'pause');
    queue.put('seek', 'seek:10');
    queue.put('quality', 'quality:1');
    expect(queue.removeWhere((item) => item !== 'seek:10')).toEqual(['pause', 'quality:1']);
    expect(queue.size).toBe(1);
    expect(queue.removeWhere(() => false)).toEqual([]);
    expect(queue.takeAll()).toEqual(['seek:10']);
  });
});
