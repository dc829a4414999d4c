import { z } from '../zod.ts';
import { LIMITS } from '../limits.ts';
import { authResponseSchema } from './auth.ts';
import { totpOrBackupCodeSchema } from './account-security.ts';

/** The password step's answer when two-step verification is on: no session yet, a code is on its way. */
export const twoStepChallengeSchema = z.object({
  two_step: z.literal(true),
  /**
   * 'authenticator': the member has an authenticator app; asked for its code (or a backup code), nothing mailed
   * unless they ask ('resend'). 'email': a code was mailed.
   */
  method: z.enum(['email', 'authenticator']),
  /** Whether a mailed code may be asked for instead (a confirmed address). */
  email_fallback: z.boolean(),
  /** Handed back with the code; single use, lives `challenge_expires_in` seconds. */
  challenge_token: z.string(),
  /** The address the code went to, partly hidden: 'j•••@example.com'. */
  email_hint: z.string(),
  message: z.string(),
  /** Seconds until 'Resend code' may be used. */
  resend_in: z.number().int().min(0),
  /** Seconds the mailed code lives. */
  expires_in: z.number().int().min(0),
  challenge_expires_in: z.number().int().min(0),
});
export type TwoStepChallenge = z.infer<typeof twoStepChallengeSchema>;

/** POST /auth/login: a session, or (two-step verification on) a challenge. */
export const loginResponseSchema = z.union([authResponseSchema, twoStepChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

const challengeTokenSchema = z.string({ error: 'Sign in again' }).min(1, 'Sign in again').max(200, 'Sign in again');
/** The mailed code, the authenticator app's code, or (authenticator on) one of the backup codes. */
export const twoStepVerifyBodySchema = z.object({ challenge_token: challengeTokenSchema, code: totpOrBackupCodeSchema });
export const twoStepResendBodySchema = z.object({ challenge_token: challengeTokenSchema });
export const twoStepResendResponseSchema = z.object({
  message: z.string(),
  resend_in: z.number().int().min(0),
  expires_in: z.number().int().min(0),
});
export type TwoStepResendResponse = z.infer<typeof twoStepResendResponseSchema>;

/** Settings → Security: whether it is on, and whether it can be turned on at all. */
export const twoStepStatusSchema = z.object({
  enabled: z.boolean(),
  /** Google/Apple-only accounts have no password sign-in to protect. */
  has_password: z.boolean(),
  email_confirmed: z.boolean(),
});
export type TwoStepStatus = z.infer<typeof twoStepStatusSchema>;

export const twoStepToggleBodySchema = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(LIMITS.passwordMax),
});
export type TwoStepToggleBody = z.infer<typeof twoStepToggleBodySchema>;
