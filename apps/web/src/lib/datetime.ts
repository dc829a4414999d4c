/**
 * The app's one date and time formatter. Every time and date a member reads goes through here, so private chat,
 * community chat, the lists and the feed write them alike, the way the member's own locale does ('7:57 PM' in the
 * US, '19:57' in Britain). Without a locale Intl takes the browser's; tests pass one to pin the output.
 */

type When = Date | string | number;

const cache = new Map<string, Intl.DateTimeFormat>();

/** Intl.DateTimeFormat is slow to build and these run for every message on screen: one per locale and style. */
function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
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

/** 'Monday'. */
export const formatWeekday = (when: When, locale?: string) => formatter(locale, { weekday: 'long' }).format(toDate(when));

/** 'January 5' / '5 January', with the year when asked ('5 January 2026'). */
export const formatDayMonth = (when: When, withYear: boolean, locale?: string) =>
  formatter(locale, withYear ? { day: 'numeric', month: 'long', year: 'numeric' } : { day: 'numeric', month: 'long' }).format(toDate(when));
