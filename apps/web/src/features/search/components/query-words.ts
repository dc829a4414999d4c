/**
 * The message filters live as words in the search box (`from:ann in:"Book club" has:image after:2026-01-31`): the
 * server reads them from `q`, and the chips only edit these words, so what the box says is always what is searched.
 */
export type FilterKey = 'from' | 'in' | 'has' | 'before' | 'after';

const word = (key: string) => new RegExp(`(^|\\s)${key}:("[^"]*"?|\\S*)`, 'gi');
const unquote = (value: string) => value.replace(/^"|"$/g, '');
const quoted = (value: string) => (/\s/.test(value) ? `"${value.replace(/"/g, '')}"` : value);
const tidy = (q: string) => q.replace(/\s+/g, ' ').trim();

/** Every value the box gives a filter, in order (`has` may be given twice). */
export function filterValues(q: string, key: FilterKey): string[] {
  return [...q.matchAll(word(key))].map((m) => unquote(m[2]!)).filter(Boolean);
}

export const filterValue = (q: string, key: FilterKey): string => filterValues(q, key)[0] ?? '';

/** The box with the filter's words replaced by `key:value` (or removed, for an empty value); the other words are kept. */
export function withFilter(q: string, key: FilterKey, value: string): string {
  const rest = tidy(q.replace(word(key), ' '));
  const v = value.trim();
  return v ? tidy(`${rest} ${key}:${quoted(v)}`) : rest;
}

/** `has:file` / `has:image` switched on or off, leaving the other `has:` word alone. */
export function toggleHas(q: string, kind: 'file' | 'image', on: boolean): string {
  const others = filterValues(q, 'has').filter((v) => v.toLowerCase() !== kind);
  const rest = tidy(q.replace(word('has'), ' '));
  return tidy([rest, ...[...others, ...(on ? [kind] : [])].map((v) => `has:${v}`)].join(' '));
}

/** Whether the box holds this filter. */
export const hasFilter = (q: string, key: FilterKey) => filterValues(q, key).length > 0;
