import { countries, getEmojiFlag, type TCountryCode } from 'countries-list';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js/min';
import { PREFERRED_COUNTRIES } from '@tribeverse/shared';

export interface CountryOption {
  code: string;
  name: string;
  flag: string;
  /** Without '+': '44'. */
  dialCode: string;
}

// Names and flags from countries-list; the dial code from libphonenumber, which also checks the number (its list
// of countries is the server's): one code per country, so Kosovo is +383 and the Dominican Republic is +1 with
// its area codes (809, 829, 849) in the number.
const all: CountryOption[] = (Object.keys(countries) as TCountryCode[])
  .filter((code) => isSupportedCountry(code))
  .map((code) => ({ code, name: countries[code].name, flag: getEmojiFlag(code), dialCode: getCountryCallingCode(code) }))
  .sort((a, b) => a.name.localeCompare(b.name));

const preferred = PREFERRED_COUNTRIES.map((code) => all.find((c) => c.code === code)).filter((c): c is CountryOption => !!c);

/** The preferred countries (United Arab Emirates, United Kingdom, United States) first, then every other by name. */
export const countryOptions: { preferred: CountryOption[]; rest: CountryOption[] } = {
  preferred,
  rest: all.filter((c) => !PREFERRED_COUNTRIES.includes(c.code as (typeof PREFERRED_COUNTRIES)[number])),
};

export const findCountry = (code: string | null | undefined) => all.find((c) => c.code === code?.toUpperCase());

/** How a country reads in a list: flag, name and dial code ('🇬🇧 United Kingdom (+44)'). */
export const countryLabel = (c: CountryOption) => `${c.flag} ${c.name} (+${c.dialCode})`;
