import { z } from '../zod.ts';
import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { LIMITS } from '../limits.ts';
import { NUL_CHARACTER_MSG, nameSchema, textSchema, webLinkSchema } from './common.ts';
import { genderSchema, usernameSchema } from './profile.ts';

/*
 * The set-up and edit forms, in a module of their own: checking a phone against its country needs
 * libphonenumber's metadata, which only these two forms (and the server) should carry.
 */

export const countryCodeSchema = z
  .string({ error: 'Username, country and gender are required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Choose a country from the list')
  // The countries libphonenumber knows: each has a dial code and numbering rules to check the phone against.
  .refine((code) => isSupportedCountry(code), 'Choose a country from the list');

const optionalText = (max: number) =>
  textSchema()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

const addressSchema = textSchema()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || v.length >= LIMITS.addressMin, 'Address must be at least 8 characters')
  .refine((v) => v === undefined || v.length <= 200, 'Address is too long');

const PHONE_CHARACTERS = /^\+?[\d\s-]+$/;
const PHONE_CHARACTERS_MSG = 'Phone number may contain digits only';
const PHONE_LENGTH_MSG = `Phone number can have at most ${LIMITS.phoneMaxDigits} digits`;

/** Digits only in the national part; the dial code is added from the country. */
export const phoneDigitsSchema = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || PHONE_CHARACTERS.test(v), PHONE_CHARACTERS_MSG)
  .refine((v) => v === undefined || v.replace(/\D/g, '').length <= LIMITS.phoneMaxDigits, PHONE_LENGTH_MSG);

/** Set-up asks for a phone (the spec marks it required); edit lets it be cleared. */
const requiredPhoneSchema = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .refine((v) => PHONE_CHARACTERS.test(v), PHONE_CHARACTERS_MSG)
  .refine((v) => v.replace(/\D/g, '').length <= LIMITS.phoneMaxDigits, PHONE_LENGTH_MSG);

/** The server's word for a number of another country; the forms name the country instead ('for Nigeria'). */
export const PHONE_COUNTRY_MSG = 'Phone number is not valid for the chosen country';

// The UK and the Crown Dependencies share one numbering plan: a number of any of them is fine for each.
const SHARED_PLAN = ['GB', 'GG', 'JE', 'IM'];

/**
 * A phone number must belong to the chosen country, written with its dial code ('+1 809…' for the Dominican
 * Republic) or without ('809…'): a '+' number of another country, or of a sister region with the same dial code
 * (a Canadian number for the United States), is refused.
 */
export function isPhoneValidForCountry(phone: string, country: string): boolean {
  if (!isSupportedCountry(country)) return false;
  const parsed = parsePhoneNumberFromString(phone, country as CountryCode);
  if (!parsed?.isValid() || parsed.countryCallingCode !== getCountryCallingCode(country as CountryCode)) return false;
  const region = parsed.country;
  return region === country || (!!region && SHARED_PLAN.includes(region) && SHARED_PLAN.includes(country));
}

/** PATCH /api/auth/complete-profile (JSON fields, or multipart with the picture as `profile_picture`). */
export const completeProfileBodySchema = z
  .object({
    full_name: nameSchema({ error: 'Full name is required' }).trim().min(1, 'Full name is required').max(LIMITS.fullNameMax),
    username: usernameSchema,
    gender: genderSchema,
    country: countryCodeSchema,
    address: addressSchema,
    phone_number: requiredPhoneSchema,
    bio: optionalText(LIMITS.bioMax).refine((v) => (v ?? '').length <= LIMITS.bioMax, 'Bio can have at most 200 characters'),
  })
  // A missing phone already has its own message.
  .refine((p) => !p.phone_number || isPhoneValidForCountry(p.phone_number, p.country), {
    message: PHONE_COUNTRY_MSG,
    path: ['phone_number'],
  });
export type CompleteProfileBody = z.input<typeof completeProfileBodySchema>;

/** PATCH /api/auth/edit-profile: camelCase as the spec's edit screen; every field optional but the required three. */
export const editProfileBodySchema = z
  .object({
    fullName: nameSchema({ error: 'Required' }).trim().min(1, 'Required').max(LIMITS.fullNameMax),
    // The edit screen's own messages: 'Required' and 'Invalid email'.
    username: z.string({ error: 'Required' }).trim().min(1, 'Required').pipe(usernameSchema),
    email: z
      .string({ error: 'Required' })
      .trim()
      .min(1, 'Required')
      .max(254, 'Invalid email')
      .pipe(z.email({ error: 'Invalid email' }))
      .transform((e) => e.toLowerCase()),
    gender: genderSchema.optional(),
    country: countryCodeSchema.optional(),
    address: addressSchema,
    dob: z.iso
      .date({ error: 'Date of birth must be a date' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    education: optionalText(120),
    workspace: optionalText(120),
    relationship: optionalText(60),
    phoneNumber: phoneDigitsSchema,
    bio: optionalText(LIMITS.bioMax),
    portfolio: webLinkSchema('Portfolio must be a link')
      .refine((v) => !v.includes('\u0000'), NUL_CHARACTER_MSG)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Asked only when `email` differs from the current address: a session alone may not move the account. */
    currentPassword: z.string().max(200).optional(),
  })
  .refine((p) => !p.phoneNumber || !p.country || isPhoneValidForCountry(p.phoneNumber, p.country), {
    message: PHONE_COUNTRY_MSG,
    path: ['phoneNumber'],
  });
export type EditProfileBody = z.input<typeof editProfileBodySchema>;
