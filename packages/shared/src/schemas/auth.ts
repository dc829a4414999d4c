import { z } from '../zod.ts';
import { LIMITS } from '../limits.ts';
import { emailSchema, otpCodeSchema, strongPasswordSchema } from './common.ts';
import { userSchema } from './profile.ts';

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(LIMITS.passwordMax),
  /** 'Remember my password': a longer-lived session. The password itself is never stored by the client. */
  remember: z.boolean().optional().default(false),
});
export type LoginBody = z.input<typeof loginBodySchema>;

/** Sign-up asks for the same password as reset does (the register screen's hint promises a number and a special character). */
export const registerBodySchema = z.object({
  email: emailSchema,
  password: strongPasswordSchema,
  /** An instance invite's code, when sign-ups are by invite. */
  invite: z.string().trim().max(100).optional(),
  /** Required true when the instance has rules (GET /api/instance): the member read and accepts them. */
  rules_accepted: z.boolean().optional(),
  /** The solved proof-of-work challenge (the altcha widget's base64 payload), when the instance asks for one. */
  altcha: z.string().max(10_000).optional(),
  /** The answer to the approval question (GET /api/instance), while sign-ups need approval. */
  approval_answer: z.string().trim().max(2000, 'At most 2000 characters').optional(),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const authResponseSchema = z.object({
  access_token: z.string(),
  user: userSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const sendResetCodeBodySchema = z.object({ email: emailSchema });
/**
 * The answer to 'send me a reset code'. It is worked out from the address alone, never from whether an account
 * has it, so it cannot tell strangers who is a member. `sent`: a code was mailed if an account has the address.
 * `wait`: one was sent moments ago, none now. `hourly_limit`: this address had all the codes it may have this
 * hour, none now.
 */
export const sendResetCodeResponseSchema = z.object({
  status: z.enum(['sent', 'wait', 'hourly_limit']),
  message: z.string(),
  /** Seconds until another code may be asked for. */
  resend_in: z.number().int().min(0),
  /** Seconds the newest code sent to this address still lives (0: none does). */
  expires_in: z.number().int().min(0),
});
export type SendResetCodeResponse = z.infer<typeof sendResetCodeResponseSchema>;
export const verifyResetCodeBodySchema = z.object({ email: emailSchema, code: otpCodeSchema });
export const verifyResetCodeResponseSchema = z.object({ resetToken: z.string() });
/** Any string: a malformed token is answered like an expired one (INVALID_RESET_TOKEN), not as a validation error. */
export const resetPasswordParamsSchema = z.object({ resetToken: z.string().max(500) });
export const resetPasswordBodySchema = z.object({ password: strongPasswordSchema });

export const confirmAccountBodySchema = z.object({ code: otpCodeSchema });
export const confirmStatusSchema = z.object({
  is_confirmed: z.boolean(),
  /** Seconds until 'Resend code' may be used again. */
  resend_in: z.number().int().min(0),
});
export type ConfirmStatus = z.infer<typeof confirmStatusSchema>;
export const confirmAccountResponseSchema = z.object({ message: z.string(), user: userSchema });
export type ConfirmAccountResponse = z.infer<typeof confirmAccountResponseSchema>;
export const resendCodeResponseSchema = z.object({ message: z.string(), resend_in: z.number().int().min(0) });
export type ResendCodeResponse = z.infer<typeof resendCodeResponseSchema>;

export const completeProfileInfoSchema = z.object({ id: z.number().int(), email: z.string() });

export const oauthProviderSchema = z.enum(['google', 'apple']);
export type OAuthProvider = z.infer<typeof oauthProviderSchema>;
export const oauthProvidersResponseSchema = z.object({ google: z.boolean(), apple: z.boolean() });
export type OAuthProviders = z.infer<typeof oauthProvidersResponseSchema>;
/** `?return_to=/path` on GET /api/auth/<provider>: where to land after signing in (relative paths only). */
export const oauthStartQuerySchema = z.object({ return_to: z.string().max(500).optional() });

/** POST /api/auth/social/exchange: the one-time code the provider's return put in the landing URL. */
export const socialExchangeBodySchema = z.object({ code: z.string().min(1).max(100) });
/** The session for that code, and where the sign-in button meant to land. */
export const socialExchangeResponseSchema = z.object({ access_token: z.string(), next: z.string() });
export type SocialExchangeResponse = z.infer<typeof socialExchangeResponseSchema>;
