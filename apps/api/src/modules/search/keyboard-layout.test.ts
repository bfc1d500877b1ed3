import { describe, expect, it } from 'vitest';
import { cyrillicLayoutToLatin, latinLayoutToCyrillic, swapLayout } from './keyboard-layout';

describe('keyboard layout', () => {
  it('reads QWERTY keys as the ЙЦУКЕН letters at the same places', () => {
    expect(latinLayoutToCyrillic('ghbdtn')).toBe('привет');
    expect(latinLayoutToCyrillic('vjcrdf')).toBe('москва');
  });

  it('reads punctuation keys as the Russian letters they carry', () => {
    expect(latinLayoutToCyrillic("cthtuf 'nj `krf ,fkrjy. [jkjl")).toBe('серега это ёлка балконю холод');
  });

  it('keeps upper case', () => {
    expect(latinLayoutToCyrillic('Ghbdtn')).toBe('Привет');
  });

  it('reads ЙЦУКЕН keys as QWERTY letters', () => {
    expect(cyrillicLayoutToLatin('руддщ цщкдв')).toBe('hello world');
  });

  it('is its own inverse on letters', () => {
    const text = 'съешь же ещё этих мягких французских булок';
    expect(latinLayoutToCyrillic(cyrillicLayoutToLatin(text))).toBe(text);
  });

  it('swaps a Latin query to Cyrillic and a Cyrillic one to Latin', () => {
    expect(swapLayout('ghbdtn')).toBe('привет');
    expect(swapLayout('руддщ')).toBe('hello');
  });

  it('reads a mostly-Latin mixed query as Cyrillic typed on QWERTY', () => {
    expect(swapLayout('ghbdtn мир')).toBe('привет мир');
  });

  it('has nothing to add for digits and punctuation alone', () => {
    expect(swapLayout('1984')).toBeNull();
    expect(swapLayout('   ')).toBeNull();
  });
});
