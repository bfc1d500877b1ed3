import { describe, expect, it } from 'vitest';
import { renderOrder } from './use-lazy-days';

describe('renderOrder', () => {
  it('starts at the first day, then goes outwards from it, the next day before the previous', () => {
    expect(renderOrder(['a', 'b', 'c', 'd', 'e'], 'c')).toEqual(['c', 'd', 'b', 'e', 'a']);
    // The archive's three days before today, today, then the week after it.
    expect(renderOrder(['-3', '-2', '-1', '0', '1', '2'], '0')).toEqual(['0', '1', '-1', '2', '-2', '-3']);
  });

  it('starts at the first key when the first day is not given or not among them', () => {
    expect(renderOrder(['a', 'b', 'c'], undefined)).toEqual(['a', 'b', 'c']);
    expect(renderOrder(['a', 'b'], 'z')).toEqual(['a', 'b']);
    expect(renderOrder([], 'a')).toEqual([]);
  });
});
