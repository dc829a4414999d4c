/** Day separators for the conversation history, in the viewer's local time zone and locale. */
import { formatDayMonth, formatWeekday } from './datetime';

const DAY_MS = 86_400_000;

/** Whole calendar days from `date` to `now`; rounding absorbs the 23- and 25-hour days of daylight-saving changes. */
function daysAgo(date: Date, now: Date): number {
  const startOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  return Math.round((startOf(now) - startOf(date)) / DAY_MS);
}

/**
 * 'Today', 'Yesterday', the weekday within the last week ('Monday'), else '12 March' in the current year and
 * '12 March 2025' in any other (as the member's locale writes them: 'March 12' in the US). A time slightly in the
 * future (the server's clock ahead of ours) counts as today.
 */
export function dayLabel(date: Date, now: Date = new Date(), locale?: string): string {
  const days = daysAgo(date, now);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return formatWeekday(date, locale);
  return formatDayMonth(date, date.getFullYear() !== now.getFullYear(), locale);
}

export type WithDays<T> = { kind: 'day'; label: string } | { kind: 'item'; item: T };

/**
 * The items (oldest first) with a day label before the first item of each day. Pending messages have no
 * timestamp of their own yet (`dateOf` returns null): they belong to today. Labels are unique per day, so the
 * history can be regrouped from scratch on every render: older pages and live messages simply re-run this.
 */
export function withDaySeparators<T>(items: readonly T[], dateOf: (item: T) => Date | null, now: Date = new Date()): WithDays<T>[] {
  const out: WithDays<T>[] = [];
  let previous: string | null = null;
  for (const item of items) {
    const label = dayLabel(dateOf(item) ?? now, now);
    if (label !== previous) out.push({ kind: 'day', label });
    previous = label;
    out.push({ kind: 'item', item });
  }
  return out;
}
