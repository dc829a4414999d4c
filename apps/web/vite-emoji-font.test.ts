import { describe, expect, it } from 'vitest';
import { withoutText } from './vite-emoji-font.ts';

describe('the emoji font claims no text', () => {
  it('drops digits, #, *, ©, ®, ™ and arrows from a slice, and keeps the emoji around them', () => {
    expect(withoutText('U+23, U+2a, U+30-39, U+a9, U+ae, U+200d, U+203c, U+20e3, U+2122, U+2194-2199, U+231a-231b, U+1f600-1f64f')).toBe(
      'U+200d, U+20e3, U+231a-231b, U+1f600-1f64f',
    );
  });

  it('cuts a range that straddles the text characters, keeping both ends', () => {
    expect(withoutText('u+f0-10f, U+1ff0-2210')).toBe('U+100-10f, U+1ff0-1fff, U+200d, U+20e3, U+2200-2210');
  });

  it('leaves a slice of emoji alone', () => {
    expect(withoutText('U+1f1e6-1f1ff')).toBe('U+1f1e6-1f1ff');
  });
});
