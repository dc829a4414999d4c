import { describe, expect, it } from 'vitest';
import { TypingThrottle } from './chat-socket-limits.ts';

describe('typing relay', () => {
  it('relays a typing start again only after the repeat time, and a stop only after a start', () => {
    let now = 0;
    const throttle = new TypingThrottle(() => now);
    expect(throttle.allow(1, 2, false)).toBe(false);
    expect(throttle.allow(1, 2, true)).toBe(true);
    now = 1_500;
    expect(throttle.allow(1, 2, true)).toBe(false);
    expect(throttle.allow(1, 3, true)).toBe(true);
    now = 2_100;
    expect(throttle.allow(1, 2, true)).toBe(true);
    expect(throttle.allow(1, 2, false)).toBe(true);
    expect(throttle.allow(1, 2, false)).toBe(false);
    throttle.forget(1);
    expect(throttle.allow(1, 3, false)).toBe(false);
  });
});
