/**
 * '0 likes', '1 like', '2 likes': a count and its word, with the space between them. The words are English, so the
 * English plural rules choose between them (a French browser's rules would make 0 singular); the number itself is
 * grouped the member's way ('1,234' / '1.234').
 */
const english = new Intl.PluralRules('en');

/** Just the word for a count, for where the number is drawn apart from it (bold, or beside an icon). */
export const pluralWord = (count: number, one: string, many: string) => (english.select(count) === 'one' ? one : many);

export const plural = (count: number, one: string, many: string, locale?: string) =>
  `${count.toLocaleString(locale)} ${pluralWord(count, one, many)}`;
