import { z } from '../zod.ts';
import { LIMITS } from '../limits.ts';

export const NUL_CHARACTER_MSG = 'This text holds a character that cannot be stored (U+0000).';

/**
 * Free text a member types. The database's text type cannot hold U+0000, so it is refused here, as a 400 naming
 * the field, rather than failing the write.
 */
export const textSchema = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((s) => !s.includes('\u0000'), NUL_CHARACTER_MSG);

export const NAME_INVISIBLE_MSG = 'Names cannot hold invisible or text-direction characters.';

/**
 * Control, format (bidi overrides and isolates, zero-width spaces and joiners, BOM, soft hyphen) and blank-looking
 * filler characters: in a name they let one member pass for another ('admin' + U+200B, a right-to-left override
 * that reverses what follows).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\u115F\u1160\u3164\uFFA0\u2800]/u;
const INVISIBLE_ALL = new RegExp(INVISIBLE.source, 'gu');

/**
 * A name taken as it comes rather than typed into a form (an uploaded file's): the same characters as in names,
 * taken out instead of refused, since what matters there is the content and the name is only shown.
 */
export const withoutInvisible = (s: string) => s.replace(INVISIBLE_ALL, '');

/** A name others will read (full name): free text without invisible or direction-changing characters. */
export const nameSchema = (params?: Parameters<typeof z.string>[0]) =>
  textSchema(params).refine((s) => !INVISIBLE.test(s), NAME_INVISIBLE_MSG);

export const LINK_PROTOCOL_MSG = 'Links must start with http:// or https://';

/** A link shown to others: http(s) only, never javascript:, data: or any other scheme. */
export const webLinkSchema = (message: string) =>
  z
    .url({ error: message })
    .max(300)
    .refine((v) => /^https?:\/\//i.test(v), LINK_PROTOCOL_MSG);

export const emailSchema = z
  .string({ error: 'Email Address is required' })
  .trim()
  .min(1, 'Email Address is required')
  .max(254, 'Invalid email format')
  .pipe(z.email({ error: 'Invalid email format' }))
  .transform((e) => e.toLowerCase());

export const otpCodeSchema = z
  .string({ error: 'OTP of 6 digits is required!' })
  .regex(new RegExp(`^\\d{${LIMITS.otpLength}}$`), 'OTP of 6 digits is required!');

/** The rules of the reset screen, used for every new password we accept after sign-up. */
export const strongPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(LIMITS.passwordMin, 'Password must be at least 8 characters')
  .max(LIMITS.passwordMax, 'Password is too long')
  .regex(/\d/, 'Must contain a number')
  .regex(/[^A-Za-z0-9]/, 'Must contain a special character');

export const apiErrorSchema = z.object({
  code: z.string(),
  msg: z.string(),
  field: z.string().optional(),
  /** With ACCOUNT_SUSPENDED after a right password or provider: lets the member appeal (POST /api/appeals/suspension). */
  appeal_token: z.string().optional(),
});

export const messageResponseSchema = z.object({ message: z.string() });

/** The largest id a row can have: ids are PostgreSQL `integer` columns. */
export const MAX_DB_ID = 2_147_483_647;

/**
 * An id sent by a client (path, query, body or socket payload): a positive whole number within the column's range,
 * so a huge number is a 400 like any other bad id, never an out-of-range error from the database.
 */
export const dbIdSchema = (message = 'Must be a positive id') =>
  z.coerce.number({ error: message }).int(message).positive(message).max(MAX_DB_ID, message);

export const idParamSchema = z.object({ id: dbIdSchema() });

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(LIMITS.feedPageSize),
});
