/**
 * The message filters live as words in the search box (`from:ann in:group:7 has:image after:2026-01-31`): the server
 * reads them from `q` (parseSearchQuery in the shared package), and the chips only edit these words, so what the box
 * says is always what is searched. One word a key: of two, the server takes the last.
 */
export type FilterKey = 'from' | 'in' | 'has' | 'before' | 'after';

const word = (key: string) => new RegExp(`(^|\\s)${key}:(\\S*)`, 'gi');
const tidy = (q: string) => q.replace(/\s+/g, ' ').trim();

/** The value the box gives a filter ('' for none). */
export function filterValue(q: string, key: FilterKey): string {
  const values = [...q.matchAll(word(key))].map((m) => m[2]!).filter(Boolean);
  return values[values.length - 1] ?? '';
}

/** The box with the filter's words replaced by `key:value` (or removed, for an empty value); the other words are kept. */
export function withFilter(q: string, key: FilterKey, value: string): string {
  const rest = tidy(q.replace(word(key), ' '));
  // A filter's value is one word: a user name, a day, `group:7`.
  const v = value.replace(/\s+/g, '');
  return v ? tidy(`${rest} ${key}:${v}`) : rest;
}

/** Where a conversation's messages are searched: `in:group:7`, `in:channel:3`, or `in:@ann` for a direct chat. */
export const placeWord = (kind: 'direct' | 'group' | 'channel', id: number, username?: string | null) =>
  kind === 'direct' ? (username ? `@${username}` : null) : `${kind}:${id}`;
