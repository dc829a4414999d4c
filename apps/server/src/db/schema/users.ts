import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** Null for accounts that only ever signed in with Google or Apple. */
    passwordHash: text('password_hash'),
    fullName: text('full_name'),
    username: text('username'),
    gender: text('gender'),
    country: text('country'),
    address: text('address'),
    phoneNumber: text('phone_number'),
    bio: text('bio'),
    profilePicture: text('profile_picture'),
    dob: date('dob'),
    education: text('education'),
    workspace: text('workspace'),
    portfolio: text('portfolio'),
    relationship: text('relationship'),
    isConfirmed: boolean('is_confirmed').notNull().default(false),
    /** A new address asked for in edit profile; it replaces `email` only once the code mailed to it is entered. */
    pendingEmail: text('pending_email'),
    /** Two-step verification: a password sign-in also needs a code mailed to the (confirmed) address. */
    twoStepEnabled: boolean('two_step_enabled').notNull().default(false),
    profileCompletedAt: timestamp('profile_completed_at', { withTimezone: true }),
    /**
     * The member deleted their account: the row stays only so the messages others received keep a sender
     * (shown as 'Deleted member'); everything personal in it is wiped.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    // Sign-ups per day (the admin dashboard): rows arrive in time order, so a BRIN index is tiny and enough.
    index('users_created_brin_idx').using('brin', t.createdAt),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the bearer token: a leaked table does not leak sessions. */
    tokenHash: text('token_hash').notNull().unique(),
    remember: boolean('remember').notNull().default(false),
    userAgent: text('user_agent'),
    /** Where the sign-in came from (ISO 3166 code, from the trusted client address); the address itself is not kept. */
    country: text('country'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Six-digit codes mailed for account confirmation, password reset and two-step sign-in. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['confirm', 'reset', 'two_step', 'email_change'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_codes_user_purpose_idx').on(t.userId, t.purpose)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] })],
);

/** A sign-in started at a provider and not yet come back: PKCE verifier, nonce and where to land. */
export const oauthLoginAttempts = pgTable('oauth_login_attempts', {
  state: text('state').primaryKey(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  returnTo: text('return_to'),
  /** sha256 of the cookie set in the browser that started this sign-in: only that browser may use its result. */
  bindingHash: text('binding_hash'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * A finished social sign-in waiting for the browser that started it: the landing URL carries only a one-time code,
 * exchanged (with that browser's binding cookie) for the session, never the session token itself.
 */
export const oauthHandoffs = pgTable('oauth_handoffs', {
  codeHash: text('code_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  bindingHash: text('binding_hash').notNull(),
  next: text('next').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Failed sign-ins per email, whether or not an account has it (the answer must not tell), keyed by a hash of the
 * normalised address so no unknown address is stored. A fixed window starts at the first failure.
 */
export const failedLogins = pgTable('failed_logins', {
  emailHash: text('email_hash').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

/**
 * Reset codes asked for per email, whether or not an account has it: the cooldown, the hourly cap and the answer
 * are worked out from this row alone, so a known and an unknown address are answered alike. Keyed by a hash of
 * the normalised address so no unknown address is stored. `wrongTries` stands in for a code's tries when no
 * account has the address.
 */
export const resetCodeRequests = pgTable('reset_code_requests', {
  emailHash: text('email_hash').primaryKey(),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  sentInWindow: integer('sent_in_window').notNull(),
  wrongTries: integer('wrong_tries').notNull().default(0),
});

/**
 * A password sign-in waiting for its two-step code: the right password earns this, not a session. Stored as a
 * hash of the token handed to the client; single use, short-lived, and it carries 'Remember my password'.
 */
export const twoStepChallenges = pgTable(
  'two_step_challenges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    remember: boolean('remember').notNull().default(false),
    userAgent: text('user_agent'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Wrong authenticator or backup codes against this sign-in (mailed codes count their own tries). */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('two_step_challenges_user_idx').on(t.userId)],
);
