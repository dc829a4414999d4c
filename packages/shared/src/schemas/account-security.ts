import { z } from '../zod.ts';
import { LIMITS } from '../limits.ts';
import { dbIdSchema, strongPasswordSchema } from './common.ts';

/** Ten backup codes, each 'xxxx-xxxx' (lower-case letters and digits); shown once. */
export const BACKUP_CODE_COUNT = 10;
export const backupCodePattern = /^[a-z0-9]{4}-?[a-z0-9]{4}$/;

const passwordSchema = z.string({ error: 'Password is required' }).min(1, 'Password is required').max(LIMITS.passwordMax);
/** Six digits from the authenticator app, or one of the backup codes. */
export const totpOrBackupCodeSchema = z
  .string({ error: 'Enter the 6-digit code or a backup code' })
  .trim()
  .toLowerCase()
  .refine((v) => /^\d{6}$/.test(v) || backupCodePattern.test(v), 'Enter the 6-digit code or a backup code');
export const totpCodeSchema = z
  .string({ error: 'Enter the 6-digit code from your app' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your app');

export const totpStatusSchema = z.object({
  enabled: z.boolean(),
  /** Backup codes not yet used (0 when off). */
  backup_codes_left: z.number().int().min(0),
  /** Google/Apple-only accounts have no password sign-in to protect. */
  has_password: z.boolean(),
});
export type TotpStatus = z.infer<typeof totpStatusSchema>;

export const totpSetupBodySchema = z.object({ password: passwordSchema });
/** A new secret waiting for its first code: scan the QR code or type the key. */
export const totpSetupResponseSchema = z.object({
  /** Base32, grouped for typing by hand. */
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as a PNG data URL. */
  qr_data_url: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupResponseSchema>;

export const totpEnableBodySchema = z.object({ password: passwordSchema, code: totpCodeSchema });
export const backupCodesResponseSchema = z.object({ backup_codes: z.array(z.string()) });
export type BackupCodes = z.infer<typeof backupCodesResponseSchema>;
export const totpDisableBodySchema = z.object({ password: passwordSchema, code: totpOrBackupCodeSchema });

export const sessionSchema = z.object({
  id: z.number().int(),
  /** The session making this request. */
  current: z.boolean(),
  /** 'Chrome on Windows', from the User-Agent at sign-in. */
  device: z.string(),
  /** Country of the session's last recorded use (its sign-in at first), only from a trusted address; null when unknown. */
  place: z.string().nullable(),
  last_used_at: z.string(),
  created_at: z.string(),
});
export type SessionDto = z.infer<typeof sessionSchema>;
export const sessionsResponseSchema = z.object({ sessions: z.array(sessionSchema) });
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;
export const sessionParamsSchema = z.object({ id: dbIdSchema('Unknown session') });
export const revokedSessionsResponseSchema = z.object({ revoked: z.number().int().min(0) });

export const changePasswordBodySchema = z.object({ current_password: passwordSchema, new_password: strongPasswordSchema });

/** DELETE /api/account: the password, or nothing for a passwordless account that signed in again just now. */
export const deleteAccountBodySchema = z.object({ password: passwordSchema.optional() });
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/** What a deleted member is shown as wherever their messages remain. */
export const DELETED_MEMBER_NAME = 'Deleted member';
