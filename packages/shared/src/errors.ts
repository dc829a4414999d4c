/** Stable error identifiers: clients branch on `code`, people read `msg`. */
export const ErrorCode = {
  BAD_REQUEST: 'BAD_REQUEST',
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  UNAUTHORIZED: 'UNAUTHORIZED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  FORBIDDEN: 'FORBIDDEN',
  PROFILE_INCOMPLETE: 'PROFILE_INCOMPLETE',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  USER_EXISTS: 'USER_EXISTS',
  USERNAME_TAKEN: 'USERNAME_TAKEN',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  PASSWORD_REQUIRED: 'PASSWORD_REQUIRED',
  WRONG_PASSWORD: 'WRONG_PASSWORD',
  REAUTH_REQUIRED: 'REAUTH_REQUIRED',
  EMAIL_NOT_CONFIRMED: 'EMAIL_NOT_CONFIRMED',
  ALREADY_SUBSCRIBED: 'ALREADY_SUBSCRIBED',
  INVALID_CODE: 'INVALID_CODE',
  CODE_EXPIRED: 'CODE_EXPIRED',
  TOO_MANY_ATTEMPTS: 'TOO_MANY_ATTEMPTS',
  INVALID_RESET_TOKEN: 'INVALID_RESET_TOKEN',
  INTERESTS_TOO_MANY_CATEGORIES: 'INTERESTS_TOO_MANY_CATEGORIES',
  INTERESTS_TOO_MANY_SUB: 'INTERESTS_TOO_MANY_SUB',
  UNKNOWN_INTEREST: 'UNKNOWN_INTEREST',
  PROVIDER_NOT_CONFIGURED: 'PROVIDER_NOT_CONFIGURED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  RATE_LIMITED: 'RATE_LIMITED',
  /** The socket handshake: the member has as many sockets open as one member may (SOCKET_LIMITS.socketsPerMember). */
  TOO_MANY_SOCKETS: 'TOO_MANY_SOCKETS',
  /** A socket handshake refused while the server catches up (a reconnect storm): `retry_after_ms` says when to retry. */
  TRY_AGAIN: 'TRY_AGAIN',
  BLOCKED: 'BLOCKED',
  MESSAGES_RESTRICTED: 'MESSAGES_RESTRICTED',
  EMPTY_POST: 'EMPTY_POST',
  ALREADY_SHARED: 'ALREADY_SHARED',
  /** Communities. */
  BANNED: 'BANNED',
  ALREADY_MEMBER: 'ALREADY_MEMBER',
  INVITE_EXPIRED: 'INVITE_EXPIRED',
  INVITE_USED_UP: 'INVITE_USED_UP',
  INVITE_REVOKED: 'INVITE_REVOKED',
  OWNER_MUST_TRANSFER: 'OWNER_MUST_TRANSFER',
  TIMED_OUT: 'TIMED_OUT',
  NOT_A_MEMBER: 'NOT_A_MEMBER',
  ROLE_NOT_ALLOWED: 'ROLE_NOT_ALLOWED',
  LOCATION_REQUIRED: 'LOCATION_REQUIRED',
  /** Running an instance: the account is suspended (the reason is in `msg`). */
  ACCOUNT_SUSPENDED: 'ACCOUNT_SUSPENDED',
  /** Running an instance: a silenced member sent a direct message to someone who neither follows them nor wrote to them. */
  SILENCED: 'SILENCED',
  /** Running an instance: the text holds a word or link domain the instance's filters refuse. */
  CONTENT_FILTERED: 'CONTENT_FILTERED',
  /** Sign-up is closed, or by invite and the invite is missing or spent. */
  REGISTRATION_CLOSED: 'REGISTRATION_CLOSED',
  /** The account signed up while sign-ups need approval, and no admin has let it in yet. */
  ACCOUNT_PENDING: 'ACCOUNT_PENDING',
  /** Sign-up's proof-of-work challenge is missing, wrong, expired or used already. */
  CHALLENGE_FAILED: 'CHALLENGE_FAILED',
  /** Running an instance: this moderation action was appealed already (one appeal each). */
  APPEALED_ALREADY: 'APPEALED_ALREADY',
  /** Running an instance: an account in its first day posts no links and messages only people it follows or who follow it. */
  NEW_ACCOUNT_LIMIT: 'NEW_ACCOUNT_LIMIT',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The body of every non-2xx response. */
export interface ApiError {
  code: ErrorCode | string;
  msg: string;
  field?: string;
  /** With ACCOUNT_SUSPENDED after a right password or provider: lets the member appeal (POST /api/appeals/suspension). */
  appeal_token?: string;
}

/** Error codes of two-step verification; clients branch on them. */
export const TwoStepErrorCode = {
  /** The sign-in waiting for its code is unknown, used or too old: sign in with the password again. */
  CHALLENGE_INVALID: 'TWO_STEP_CHALLENGE_INVALID',
  /** Turning it on needs a confirmed address: the codes go there. */
  EMAIL_NOT_CONFIRMED: 'EMAIL_NOT_CONFIRMED',
  /** The account has no password (Google/Apple only): there is no password sign-in to protect. */
  NO_PASSWORD: 'NO_PASSWORD',
  WRONG_PASSWORD: 'WRONG_PASSWORD',
} as const;

/** Error codes of Settings → Security and Your data; clients branch on them. */
export const SecurityErrorCode = {
  /** The authenticator code (or backup code) is wrong or already used. */
  TOTP_INVALID: 'TOTP_INVALID',
  /** Set-up was not started (or was finished) before confirming. */
  TOTP_NOT_PENDING: 'TOTP_NOT_PENDING',
  /** A passwordless (Google/Apple) account must sign in again with its provider before deleting itself. */
  REAUTH_REQUIRED: 'REAUTH_REQUIRED',
} as const;
