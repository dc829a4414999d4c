import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDayMonth, formatTime, formatWeekday } from './datetime';

// 19:57 local time on Monday 5 January 2026, wherever the tests run.
const evening = new Date(2026, 0, 5, 19, 57);
const spaces = (s: string) => s.replace(/\s/g, ' ');

describe('the one date and time formatter', () => {
  it("writes a time as the member's locale does: '7:57 PM' in the US, '19:57' in Britain and Germany", () => {
    expect(spaces(formatTime(evening, 'en-US'))).toBe('7:57 PM');
    expect(formatTime(evening, 'en-GB')).toBe('19:57');
    expect(formatTime(evening, 'de-DE')).toBe('19:57');
  });

  it("uses the browser's locale when none is given, for ISO strings and dates alike", () => {
    const browsers = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(evening);
    expect(formatTime(evening)).toBe(browsers);
    expect(formatTime(evening.toISOString())).toBe(browsers);
  });

  it('writes dates, weekdays and date-and-time in the same locale', () => {
    expect(formatWeekday(evening, 'en-GB')).toBe('Monday');
    expect(formatDayMonth(evening, false, 'en-GB')).toBe('5 January');
    expect(formatDayMonth(evening, true, 'en-GB')).toBe('5 January 2026');
    expect(formatDayMonth(evening, false, 'en-US')).toBe('January 5');
    expect(spaces(formatDateTime(evening, 'en-GB'))).toBe('5 Jan 2026, 19:57');
  });
});
