import { describe, expect, it } from 'vitest';
import { formatDayMonth } from './datetime';
import { dayLabel, withDaySeparators } from './day-label';

// Local times (no 'Z'): the labels follow the viewer's time zone, whatever zone the tests run in.
const now = new Date('2026-03-18T09:30:00'); // a Wednesday
const at = (local: string) => new Date(local);

describe('dayLabel', () => {
  it('says Today for any time since local midnight, and for a time a little in the future', () => {
    expect(dayLabel(at('2026-03-18T00:00:00'), now)).toBe('Today');
    expect(dayLabel(at('2026-03-18T23:59:00'), now)).toBe('Today');
    expect(dayLabel(at('2026-03-19T00:01:00'), now)).toBe('Today');
  });

  it('says Yesterday from the previous local midnight, even one minute before today began', () => {
    expect(dayLabel(at('2026-03-17T23:59:00'), now)).toBe('Yesterday');
    expect(dayLabel(at('2026-03-17T00:00:00'), now)).toBe('Yesterday');
  });

  it('names the weekday for the rest of the last week', () => {
    expect(dayLabel(at('2026-03-16T12:00:00'), now, 'en-GB')).toBe('Monday');
    expect(dayLabel(at('2026-03-12T08:00:00'), now, 'en-GB')).toBe('Thursday');
  });

  it('gives the date from a week ago, with the year only when it is not the current year', () => {
    expect(dayLabel(at('2026-03-11T08:00:00'), now, 'en-GB')).toBe('11 March');
    expect(dayLabel(at('2026-01-01T08:00:00'), now, 'en-GB')).toBe('1 January');
    expect(dayLabel(at('2025-12-31T23:00:00'), now, 'en-GB')).toBe('31 December 2025');
    expect(dayLabel(at('2025-03-18T09:30:00'), now, 'en-GB')).toBe('18 March 2025');
  });

  it("writes the date the member's way", () => {
    expect(dayLabel(at('2026-03-11T08:00:00'), now, 'en-US')).toBe('March 11');
    expect(dayLabel(at('2025-03-18T09:30:00'), now, 'de-DE')).toBe('18. März 2025');
  });

  it('counts calendar days across a New Year', () => {
    const newYear = new Date('2027-01-01T00:30:00');
    expect(dayLabel(at('2026-12-31T23:50:00'), newYear)).toBe('Yesterday');
    expect(dayLabel(at('2026-12-20T10:00:00'), newYear, 'en-GB')).toBe('20 December 2026');
  });
});

describe('withDaySeparators', () => {
  type M = { id: number; at: string | null };
  const dateOf = (m: M) => (m.at ? new Date(m.at) : null);
  const shape = (items: M[]) => withDaySeparators(items, dateOf, now).map((e) => (e.kind === 'day' ? e.label : e.item.id));

  it('puts one separator before the first message of each day', () => {
    const items = [
      { id: 1, at: '2025-12-31T10:00:00' },
      { id: 2, at: '2025-12-31T11:00:00' },
      { id: 3, at: '2026-03-17T22:00:00' },
      { id: 4, at: '2026-03-18T08:00:00' },
      { id: 5, at: '2026-03-18T09:00:00' },
    ];
    expect(shape(items)).toEqual([formatDayMonth(at('2025-12-31T10:00:00'), true), 1, 2, 'Yesterday', 3, 'Today', 4, 5]);
  });

  it('keeps a day that spans two loaded pages under a single separator', () => {
    const olderPage = [{ id: 1, at: '2026-03-16T10:00:00' }];
    const newerPage = [
      { id: 2, at: '2026-03-16T18:00:00' },
      { id: 3, at: '2026-03-18T08:00:00' },
    ];
    expect(shape(newerPage)).toEqual(['Monday', 2, 'Today', 3]);
    expect(shape([...olderPage, ...newerPage])).toEqual(['Monday', 1, 2, 'Today', 3]);
  });

  it('puts pending messages under Today: a new separator after older history, none after today’s messages', () => {
    expect(
      shape([
        { id: 1, at: '2026-03-17T10:00:00' },
        { id: 2, at: null },
      ]),
    ).toEqual(['Yesterday', 1, 'Today', 2]);
    expect(
      shape([
        { id: 1, at: '2026-03-18T09:00:00' },
        { id: 2, at: null },
      ]),
    ).toEqual(['Today', 1, 2]);
  });

  it('returns nothing for an empty conversation', () => {
    expect(shape([])).toEqual([]);
  });
});
