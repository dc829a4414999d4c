import { countries, getEmojiFlag, type TCountryCode } from 'countries-list';
import { PREFERRED_COUNTRIES } from '@tribeverse/shared';

export interface CountryOption {
  code: string;
  name: string;
  flag: string;
  /** Without '+': '44'. */
  dialCode: string;
}

const all: CountryOption[] = (Object.keys(countries) as TCountryCode[])
  .map((code) => ({ code, name: countries[code].name, flag: getEmojiFlag(code), dialCode: String(countries[code].phone[0] ?? '') }))
  .filter((c) => c.dialCode)
  .sort((a, b) => a.name.localeCompare(b.name));

const preferred = PREFERRED_COUNTRIES.map((code) => all.find((c) => c.code === code)).filter((c): c is CountryOption => !!c);

/** The preferred countries (United Arab Emirates, United Kingdom, United States) first, then every other by name. */
export const countryOptions: { preferred: CountryOption[]; rest: CountryOption[] } = {
  preferred,
  rest: all.filter((c) => !PREFERRED_COUNTRIES.includes(c.code as (typeof PREFERRED_COUNTRIES)[number])),
};

export const findCountry = (code: string | null | undefined) => all.find((c) => c.code === code?.toUpperCase());
