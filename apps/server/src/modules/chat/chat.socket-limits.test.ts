import { describe, expect, it } from 'vitest';
import { TypingThrottle, WindowLimiter } from './chat.socket-limits.ts';

describe('socket limits', () => {
  it('lets each key use the window up, then waits for the next window', () => {
    let now = 1_000;
    const limiter = new WindowLimiter(2, 60_000, () => now);
    expect([limiter.take(1), limiter.take(1), limiter.take(1), limiter.take(2)]).toEqual([true, true, false, true]);
    now += 45_000;
    expect(limiter.retryInSeconds()).toBe(15);
    expect(limiter.take(1)).toBe(false);
    now += 15_000;
    expect(limiter.take(1)).toBe(true);
  });

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
