import { countries, getEmojiFlag, type TCountryCode } from 'countries-list';

/**
 * A country as a profile shows it ('🇬🇧 United Kingdom'), with the names the forms use (countries-list); the code
 * itself when unknown. Reading a profile needs no dial codes, so this leaves libphonenumber to the forms.
 */
export function countryDisplay(code: string | null | undefined): string | null {
  if (!code) return null;
  const upper = code.toUpperCase();
  const country = Object.hasOwn(countries, upper) ? countries[upper as TCountryCode] : undefined;
  return country ? `${getEmojiFlag(upper as TCountryCode)} ${country.name}` : code;
}
