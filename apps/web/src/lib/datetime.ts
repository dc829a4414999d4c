import { memberLocales } from './locale';

/**
 * The app's one date and time formatter. Every time and date a member reads goes through here, so private chat,
 * community chat, the lists, the feed, notifications and settings write them alike, the way the member's own locale
 * does ('7:57 PM' in the US, '19:57' in Britain). Without a locale the member's (lib/locale.ts) is used; tests pass
 * one to pin the output.
 */

type When = Date | string | number;

const cache = new Map<string, Intl.DateTimeFormat>();

/** Intl.DateTimeFormat is slow to build and these run for every message on screen: one per locale and style. */
function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locales = locale ?? memberLocales();
  const key = `${locales?.toString() ?? ''}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locales as string[] | undefined, options);
    cache.set(key, f);
  }
  return f;
}

const toDate = (when: When) => (when instanceof Date ? when : new Date(when));

/** '7:57 PM' / '19:57': a message's time, a last-seen time today. */
export const formatTime = (when: When, locale?: string) => formatter(locale, { hour: 'numeric', minute: '2-digit' }).format(toDate(when));

/** 'Jan 5, 2026, 7:57 PM' / '5 Jan 2026, 19:57': a full moment, for a title or an expiry. */
export const formatDateTime = (when: When, locale?: string) =>
  formatter(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(toDate(when));

/** 'Jan 5, 2026' / '5 Jan 2026': a day, where the time of it does not matter (since when, invited when). */
export const formatDate = (when: When, locale?: string) => formatter(locale, { dateStyle: 'medium' }).format(toDate(when));

/** 'Monday, January 5 at 7:57 PM' / 'Monday 5 January at 19:57': a moment in the coming week, weekday first. */
export const formatWeekdayDateTime = (when: When, locale?: string) =>
  formatter(locale, { weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit' }).format(toDate(when));

/** 'Monday'. */
export const formatWeekday = (when: When, locale?: string) => formatter(locale, { weekday: 'long' }).format(toDate(when));

/** 'January 5' / '5 January', with the year when asked ('5 January 2026'). */
export const formatDayMonth = (when: When, withYear: boolean, locale?: string) =>
  formatter(locale, withYear ? { day: 'numeric', month: 'long', year: 'numeric' } : { day: 'numeric', month: 'long' }).format(toDate(when));
