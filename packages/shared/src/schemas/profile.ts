import { z } from '../zod.ts';
import { LIMITS } from '../limits.ts';
import { otpCodeSchema } from './common.ts';

export const genderSchema = z.enum(['male', 'female'], { error: 'Username, country and gender are required' });

/** Path segments the API serves beside `/api/users/{username}` (GET /api/users/mutes), and a few it will. */
const RESERVED_USERNAMES = new Set(['mutes', 'me', 'search', 'blocks', 'admin']);

export const usernameSchema = z
  .string({ error: 'Username, country and gender are required' })
  .trim()
  .min(LIMITS.usernameMin, `User name needs at least ${LIMITS.usernameMin} characters`)
  .max(LIMITS.usernameMax, `User name can have at most ${LIMITS.usernameMax} characters`)
  .regex(/^[A-Za-z0-9_.]+$/, 'User name may use letters, digits, dots and underscores')
  // A member so named could never be looked up.
  .refine((name) => !RESERVED_USERNAMES.has(name.toLowerCase()), 'This user name is taken');

/** Said by the picture picker before anything is sent, and by the server (413) if a bigger one arrives anyway. */
export const PROFILE_PICTURE_TOO_LARGE_MSG = `The profile picture is too large: at most ${LIMITS.profilePictureMaxBytes / (1024 * 1024)} MB.`;

export const userInterestSchema = z.object({ name: z.string(), sub_interests: z.array(z.string()) });

/**
 * A new display name and bio an instance filter kept back for review. Only their member sees them (on `me` and the
 * edit screen); everyone else sees `full_name` and `bio` until a moderator releases them.
 */
export const heldProfileSchema = z.object({
  full_name: z.string().nullable(),
  bio: z.string().nullable(),
  held_at: z.string(),
});
export type HeldProfile = z.infer<typeof heldProfileSchema>;

/** The signed-in member as the client stores it (auth data). */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  full_name: z.string().nullable(),
  username: z.string().nullable(),
  gender: z.string().nullable(),
  country: z.string().nullable(),
  address: z.string().nullable(),
  phone_number: z.string().nullable(),
  bio: z.string().nullable(),
  profile_picture: z.string().nullable(),
  dob: z.string().nullable(),
  education: z.string().nullable(),
  workspace: z.string().nullable(),
  portfolio: z.string().nullable(),
  relationship: z.string().nullable(),
  is_confirmed: z.boolean(),
  profile_completed: z.boolean(),
  /** A new address waiting for its mailed code (POST /api/auth/email-change/confirm); `email` stays in force until then. */
  pending_email: z.string().nullable(),
  /** False for Google/Apple-only accounts: they prove themselves by a fresh sign-in instead of a password. */
  has_password: z.boolean(),
  interests: z.array(userInterestSchema),
  created_at: z.string(),
  /** The member's part in running the instance (ADMIN_EMAILS, or appointed by an admin); the server always sends it. */
  instance_role: z.enum(['admin', 'moderator']).nullable().optional(),
  /** The member's own name and bio waiting for review (null: none); `full_name` and `bio` are what others see. */
  held_profile: heldProfileSchema.nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

/** POST /api/auth/email-change/confirm: the code mailed to the new address. */
export const confirmEmailChangeBodySchema = z.object({ code: otpCodeSchema });
