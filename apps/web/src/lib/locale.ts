/**
 * The member's locale: the languages their browser asks every site for, most preferred first (navigator.languages,
 * what Accept-Language sends). Intl takes the first of them it knows. Dates, times and sizes are all written from
 * this one list, so a page never mixes '7:57 pm' with '8:02 PM'.
 */
export function memberLocales(): readonly string[] | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : undefined;
}
