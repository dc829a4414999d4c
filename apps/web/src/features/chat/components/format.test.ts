import { describe, expect, it } from 'vitest';
import { lastSeenText, listTime } from './format';

const now = new Date(2026, 10, 21, 15, 0);
const at = (daysAgo: number, hour = 9, minute = 5) => new Date(2026, 10, 21 - daysAgo, hour, minute).toISOString();

describe('last seen', () => {
  it('reads like a messaging app in the chat header', () => {
    expect(lastSeenText(null, now)).toBe('');
    expect(lastSeenText(at(0), now)).toBe('last seen at 9:05 am');
    expect(lastSeenText(at(1, 21, 30), now)).toBe('last seen yesterday at 9:30 pm');
    expect(lastSeenText(at(3), now)).toBe('last seen Wednesday at 9:05 am');
    expect(lastSeenText(at(40), now)).toBe('last seen 12 October at 9:05 am');
  });

  it('is short in the conversation list', () => {
    expect(listTime(at(0), now)).toBe('9:05 am');
    expect(listTime(at(1), now)).toBe('Yesterday');
    expect(listTime(at(400), now)).toBe('17 October 2025');
  });
});
