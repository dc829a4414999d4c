import { describe, expect, it } from 'vitest';
import { remainingLabel } from './expiry';

const now = Date.parse('2026-03-18T09:30:00Z');
const at = (ms: number) => new Date(now + ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('remainingLabel', () => {
  it('shows the whole period right after sending: 1d, 7d, 30d', () => {
    expect(remainingLabel(at(DAY), now)).toBe('1d');
    expect(remainingLabel(at(7 * DAY), now)).toBe('7d');
    expect(remainingLabel(at(30 * DAY), now)).toBe('30d');
  });

  it('rounds up and steps down a unit only below the next one', () => {
    expect(remainingLabel(at(6 * DAY + 1), now)).toBe('7d');
    expect(remainingLabel(at(23 * HOUR + 30 * MIN), now)).toBe('1d');
    expect(remainingLabel(at(23 * HOUR), now)).toBe('23h');
    expect(remainingLabel(at(59 * MIN + 30_000), now)).toBe('1h');
    expect(remainingLabel(at(59 * MIN), now)).toBe('59m');
    expect(remainingLabel(at(5_000), now)).toBe('1m');
  });

  it('is empty once the time is up', () => {
    expect(remainingLabel(at(0), now)).toBe('');
    expect(remainingLabel(at(-MIN), now)).toBe('');
  });
});
