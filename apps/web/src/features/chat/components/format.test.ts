import { describe, expect, it } from 'vitest';
import { lastSeenText, listTime } from './format';

const now = new Date(2026, 10, 21, 15, 0);
const at = (daysAgo: number, hour = 9, minute = 5) => new Date(2026, 10, 21 - daysAgo, hour, minute).toISOString();

/** Intl puts a narrow no-break space before AM/PM: compared here as a plain one. */
const plain = (s: string) => s.replace(/\s/g, ' ');

describe('last seen', () => {
  it("reads like a messaging app in the chat header, in the member's locale", () => {
    expect(lastSeenText(null, now)).toBe('');
    expect(plain(lastSeenText(at(0), now, 'en-US'))).toBe('last seen at 9:05 AM');
    expect(plain(lastSeenText(at(1, 21, 30), now, 'en-US'))).toBe('last seen yesterday at 9:30 PM');
    expect(lastSeenText(at(1, 21, 30), now, 'en-GB')).toBe('last seen yesterday at 21:30');
    expect(lastSeenText(at(3), now, 'en-GB')).toBe('last seen Wednesday at 9:05');
    expect(lastSeenText(at(40), now, 'en-GB')).toBe('last seen 12 October at 9:05');
  });

  it('is short in the conversation list', () => {
    expect(plain(listTime(at(0), now, 'en-US'))).toBe('9:05 AM');
    expect(listTime(at(1), now, 'en-GB')).toBe('Yesterday');
    expect(listTime(at(400), now, 'en-GB')).toBe('17 October 2025');
  });
});
