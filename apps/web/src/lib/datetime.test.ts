import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime, formatDayMonth, formatTime, formatWeekday, formatWeekdayDateTime } from './datetime';

// 19:57 local time on Monday 5 January 2026, wherever the tests run.
const evening = new Date(2026, 0, 5, 19, 57);
const spaces = (s: string) => s.replace(/\s/g, ' ');

afterEach(() => vi.restoreAllMocks());

describe('the one date and time formatter', () => {
  it("writes a time as the member's locale does: '7:57 PM' in the US, '19:57' in Britain and Germany", () => {
    expect(spaces(formatTime(evening, 'en-US'))).toBe('7:57 PM');
    expect(formatTime(evening, 'en-GB')).toBe('19:57');
    expect(formatTime(evening, 'de-DE')).toBe('19:57');
  });

  it("uses the member's locale, the browser's first language, when none is given, for ISO strings and dates alike", () => {
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB', 'en']);
    expect(formatTime(evening)).toBe('19:57');
    expect(formatTime(evening.toISOString())).toBe('19:57');
    languages.mockReturnValue(['en-US']);
    expect(spaces(formatTime(evening))).toBe('7:57 PM');
  });

  it('writes dates, weekdays and date-and-time in the same locale', () => {
    expect(formatWeekday(evening, 'en-GB')).toBe('Monday');
    expect(formatDayMonth(evening, false, 'en-GB')).toBe('5 January');
    expect(formatDayMonth(evening, true, 'en-GB')).toBe('5 January 2026');
    expect(formatDayMonth(evening, false, 'en-US')).toBe('January 5');
    expect(spaces(formatDateTime(evening, 'en-GB'))).toBe('5 Jan 2026, 19:57');
    expect(formatDate(evening, 'en-GB')).toBe('5 Jan 2026');
    expect(formatDate(evening, 'en-US')).toBe('Jan 5, 2026');
    expect(formatDate(evening, 'de-DE')).toBe('05.01.2026');
    expect(formatWeekdayDateTime(evening, 'en-GB')).toBe('Monday 5 January at 19:57');
    expect(spaces(formatWeekdayDateTime(evening, 'en-US'))).toBe('Monday, January 5 at 7:57 PM');
  });
});
